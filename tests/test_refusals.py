"""Every refusal the rules give reads right for a player in both languages: each
Refusal key a game's rules return has words ("refusal.<game>.<key>" in the game's
words, or a shared "refusal.<key>"), and what the screen says carries no rule ID, no
English text of the rules and no action written as the record writes it."""
import random
import re

import pytest

from royaltable import IllegalAction, registry
from ui.i18n import LANGS, Translator, default_names, isolate
from ui.table import has_table, table_for

RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d+\b")
GAMES = [g for g in registry.ids() if has_table(g)]


def positions(game, players, seed, every=3, limit=300):
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    for step in range(limit):
        if state.over:
            return
        if step % every == 0:
            yield state.clone()
        state.apply(rng.choice(state.legal_actions()))


def tried(state, elsewhere, rng):
    """Texts to offer a position: actions legal in other positions of the game, and
    broken ones (a verb alone, an extra word, nonsense)."""
    legal = set(state.legal_actions())
    texts = [a for a in rng.sample(sorted(elsewhere), min(25, len(elsewhere))) if a not in legal]
    some = sorted(legal)[0]
    texts += [some.split(" ")[0], some + " 9", "", "x y"]
    return [t for t in texts if t not in legal]


def refusals(game_id):
    game = registry.get(game_id)
    found = {}
    rng = random.Random(7)
    for players in sorted({game.min_players, game.default_players or game.min_players}):
        states = list(positions(game, players, seed=players))
        elsewhere = {str(a) for s in states for a in s.legal_actions()}
        for state in states:
            for text in tried(state, elsewhere, rng):
                try:
                    state.clone().apply(text, seat=state.current)
                except IllegalAction as err:
                    found.setdefault(err.refusal.key, (err.refusal, state, text))
                else:
                    pytest.fail(f"{text!r} was played although it is not legal")
            other = (state.current + 1) % state.players
            try:
                state.clone().apply(state.legal_actions()[0], seat=other)
            except IllegalAction as err:
                found.setdefault(err.refusal.key, (err.refusal, state, "out of turn"))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_has_words_for_players_in_both_languages(game_id):
    table = table_for(game_id)
    found = refusals(game_id)
    assert found
    assert "not_allowed" not in found, "a refusal without a key (why_illegal returned text)"
    for key, (refusal, state, text) in sorted(found.items()):
        for lang in LANGS:
            t = Translator(lang)
            assert t.has(f"refusal.{game_id}.{key}") or t.has(f"refusal.{key}"), (lang, key)
            names = [isolate(n) for n in default_names(t, ["human"] * state.players)]
            words = table.refusal_words(refusal, t, names)
            assert words.strip() and "{" not in words, (lang, key, words)
            assert not RULE_ID.search(words), (lang, key, words)
            if lang == "ja":          # not the rules' English text in a Japanese sentence
                assert refusal.text not in words, (key, words)
            if " " in text:
                assert text not in words, (lang, key, words)
            if lang == "ja":
                assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", words), (key, words)


def test_a_refusal_is_its_english_text_with_its_key_and_rule():
    from royaltable import refuse
    refusal = refuse("covered", "{die} has {top} on top of it", "GK-9", die="red0", top="blue1")
    assert refusal == "red0 has blue1 on top of it (GK-9)"
    assert (refusal.key, refusal.params, refusal.rule) == ("covered", {"die": "red0", "top": "blue1"}, "GK-9")
    assert str(IllegalAction(refusal)) == refusal and IllegalAction(refusal).refusal is refusal
