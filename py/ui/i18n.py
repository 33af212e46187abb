"""Every string the app shows, in Japanese and English: one catalog.

`Translator(lang)(key, **params)` formats a string; a missing key shows the key
itself (and a test checks that every key used exists in both languages).
"""
from __future__ import annotations

import importlib
import pathlib
import tomllib

LANGS = ("ja", "en")

CATALOG: dict[str, tuple[str, str]] = {
    # --- shell --------------------------------------------------------------
    "app.name": ("ロイヤル・テーブル", "Royal Table"),
    "app.tagline": ("宮廷をテーマにした5つのボードゲーム。1台のタブレットで、みんなで。",
                    "Five court-themed tabletop games, around one tablet."),
    "lang.switch": ("English", "日本語"),
    "lang.switch.label": ("Switch to English", "日本語に切り替え"),
    "home.title": ("ゲームを選ぶ", "Choose a game"),
    "home.play": ("遊ぶ", "Play"),
    "home.rules": ("ルール", "Rules"),
    "home.coming": ("準備中", "Coming soon"),
    "home.players": ("{min}〜{max}人", "{min}–{max} players"),
    "home.players.exact": ("{min}人", "{min} players"),
    "nav.home": ("ホーム", "Home"),
    "nav.back": ("戻る", "Back"),
    "nav.rules": ("ルール", "Rules"),
    "nav.quit": ("ゲームをやめる", "Quit game"),
    "nav.quit.confirm": ("本当にやめますか？ このゲームは削除されます。", "Really quit? This game will be deleted."),
    "nav.quit.yes": ("やめる", "Quit"),
    "nav.quit.no": ("続ける", "Keep playing"),
    # --- games of the collection ---------------------------------------------
    "game.court": ("王への請願", "To Court the King"),
    "game.court.blurb": ("サイコロを振って宮廷の人物を味方につけ、王を目指す。",
                         "Roll dice, win courtiers, and reach the King."),
    "game.krypkille": ("クリップキレ", "Krypkille"),
    "game.krypkille.blurb": ("最後の1枚が一番低い人が勝つ、スウェーデンのトリックテイキング。",
                             "A Swedish trick game: the lowest last card does best."),
    "game.whispers": ("王宮のささやき", "Palace Whispers"),
    "game.whispers.blurb": ("王の部屋に誰が入るか、ささやきで決まる。", "Whispers decide who enters the King's chamber."),
    "game.golden_key": ("黄金の鍵", "The Golden Key"),
    "game.golden_key.blurb": ("2人用のサイコロ決闘。", "A dice duel for two."),
    "game.struggle": ("王の闘争", "King's Struggle"),
    "game.struggle.blurb": ("王座をめぐる駆け引き。", "Scheming for the throne."),
    # --- new game ------------------------------------------------------------
    "setup.title": ("新しいゲーム：{game}", "New game: {game}"),
    "setup.players": ("人数", "Players"),
    "setup.seat": ("席{n}", "Seat {n}"),
    "setup.name": ("名前", "Name"),
    "setup.kind": ("プレイヤー", "Player"),
    "setup.kind.human": ("人", "Person"),
    "setup.kind.quick": ("コンピュータ（やさしい）", "Computer (quick)"),
    "setup.kind.strong": ("コンピュータ（つよい）", "Computer (strong)"),
    "setup.options": ("オプション", "Options"),
    "setup.seed": ("ゲーム番号（任意）", "Game number (optional)"),
    "setup.seed.hint": ("同じゲーム番号なら、配り方もサイコロも同じゲームになります。空けておくと毎回ちがうゲームです。",
                        "The same game number gives the same game: the same deals and dice rolls. Leave it empty for a new game each time."),
    "setup.start": ("ゲーム開始", "Start game"),
    "setup.bad_seed": ("ゲーム番号は数字で入力してください。", "The game number must be a whole number."),
    "setup.empty_name": ("席{n}の名前を入れてください。", "Seat {n} needs a name."),
    "setup.default_human": ("プレイヤー{n}", "Player {n}"),
    "bot.names": ("ヘンリー,アン,エドワード,マーガレット,リチャード,エリザベス",
                  "Henry,Anne,Edward,Margaret,Richard,Elizabeth"),
    # --- table, shared ------------------------------------------------------------
    "table.turn": ("{name}の番", "{name}'s turn"),
    "table.your_turn": ("{name}さん、あなたの番です", "{name}, it's your turn"),
    "table.waiting": ("{name}が考えています…", "{name} is thinking…"),
    "table.cpu": ("CPU", "CPU"),
    "table.log": ("記録", "Log"),
    "table.turn_marker": ("手番", "Turn"),
    "handoff.title": ("{name}さんにタブレットを渡してください", "Pass the tablet to {name}"),
    "handoff.body": ("ほかの人は画面を見ないでください。", "Everyone else, please look away."),
    "handoff.ready": ("{name}です。手札を見る", "I'm {name}: show my cards"),
    "peek.show": ("{name}の手札を見る", "Show {name}'s cards"),
    "peek.only": ("{name}さんだけが見てください。", "Only {name} should look now."),
    "peek.hide": ("手札を隠す", "Hide my cards"),
    "peek.cancel": ("やめる", "Never mind"),
    "result.title": ("ゲーム終了", "Game over"),
    "result.winner": ("勝者：{names}", "Winner: {names}"),
    "result.winners": ("勝者（同点）：{names}", "Winners (tied): {names}"),
    "result.again": ("もう一度", "Play again"),
    "result.home": ("ホームへ", "Home"),
    "error.illegal": ("その手は打てません：{reason}", "That move is not allowed: {reason}"),
    # Why a move is refused (royaltable's Refusal keys shared by every game; each
    # game's own are "refusal.<game id>.<key>" in its words).
    "refusal.not_now": ("その手はいまは選べません", "that move is not possible now"),
    "refusal.not_allowed": ("その手はいまは選べません", "that move is not possible now"),
    "refusal.game_over": ("ゲームは終わっています", "the game is over"),
    "refusal.out_of_turn": ("いまは{turn}の番です", "it is {turn}'s turn"),
    "error.dismiss": ("閉じる", "Dismiss"),
    "save.continue": ("続ける", "Continue"),
    "save.discard": ("消す", "Discard"),
    "save.problem": ("保存されたゲームを読み込めませんでした。", "A saved game could not be read."),
    "save.corrupt": ("データが壊れています。", "Its data is damaged."),
    "save.too_big": ("データが大きすぎます。", "Its data is too large."),
    "save.newer": ("新しい版のアプリで保存されたものです。", "It was saved by a newer version of the app."),
    "save.unknown_game": ("このアプリにないゲームのものです。", "It is for a game this app does not have."),
    "save.rules_changed": ("ルールが変わったため再現できません。", "The rules have changed since, so it cannot be replayed."),
    "save.older_rules": ("前の版のルールで保存されたゲームです。今のルールでは同じ局面にならないため、続きはできません。ゲームは残してあります。",
                         "Saved with older rules: today's rules would not bring it to the same position, so it cannot be continued. It is kept."),
    # --- the library: every game on this tablet ---------------------------------
    "library.in_progress": ("続きから遊ぶ", "Games in progress"),
    "library.finished": ("終わったゲーム", "Finished games"),
    "library.detail": ("{names}・{n}手・{when}", "{names} · {n} move · {when}|{names} · {n} moves · {when}"),
    "library.result": ("{line}・{when}", "{line} · {when}"),
    "library.delete": ("削除", "Delete"),
    "library.delete.confirm": ("このゲームを削除しますか？ 元には戻せません。", "Delete this game? This cannot be undone."),
    "library.delete.yes": ("削除する", "Delete it"),
    "library.delete.no": ("残す", "Keep it"),
    "library.export": ("書き出す", "Export"),
    "library.share": ("リンクを作る", "Share link"),
    "library.share.label": ("このリンクを開くと、別のタブレットでもリプレイが見られます", "Open this link on another tablet to watch the replay"),
    "library.copy": ("コピー", "Copy"),
    "library.copied": ("リンクをコピーしました。", "The link is copied."),
    "library.import": ("ゲームを読み込む", "Import a game"),
    "library.import.hint": ("書き出したファイルを選ぶか、ここへドロップ", "Choose an exported file, or drop it here"),
    "library.imported": ("読み込みました：{game}", "Imported: {game}"),
    "library.import.failed": ("読み込めませんでした：{reason}", "The file could not be imported: {reason}"),
    "library.size.join": ("・", " · "),
    "library.snapshot": ("すぐに始めるための控え：{size}", "Kept for a quick start: {size}"),
    "library.size": ("このタブレットのゲーム：{n}件・{size}", "Games on this tablet: {n} · {size}|Games on this tablet: {n} · {size}"),
    "library.elsewhere": ("このゲームは別のタブで開かれています。", "This game is open in another tab."),
    "library.takeover": ("このタブで続ける", "Play it in this tab"),
    "library.cancel": ("やめる", "Cancel"),
    "library.lost": ("このゲームは別のタブで続けられています。このタブではもう保存しません。",
                     "This game is now being played in another tab. This tab has stopped saving it."),
    "library.shared.failed": ("このリンクのゲームを開けませんでした：{reason}", "The game in this link could not be opened: {reason}"),
    "store.quota": ("保存できません：タブレットの空き容量が足りません。このまま遊べますが、このゲームは保存されていません。",
                    "Not saving: the tablet's storage is full. You can play on, but this game is not being saved."),
    "store.blocked": ("このブラウザでは保存できません（プライベートブラウズなど）。遊べますが、ゲームは残りません。",
                      "This browser does not let the app save games (private browsing?). You can play, but games are not kept."),
    "undo.button": ("{name}の手を戻す", "Undo {name}'s move"),
    "replay.open": ("リプレイ", "Replay"),
    "replay.title": ("リプレイ：{game}", "Replay: {game}"),
    "replay.close": ("閉じる", "Close"),
    "replay.step": ("{n} / {total}手", "Move {n} of {total}"),
    "replay.first": ("最初へ", "To the start"),
    "replay.back": ("1手戻る", "One move back"),
    "replay.next": ("1手進む", "One move on"),
    "replay.last": ("最後へ", "To the end"),
    # --- the review of a finished game (its grades show in the replay) -------------
    "review.start": ("このゲームをふり返る", "Review this game"),
    "review.show": ("ふり返りを見る", "See the review"),
    "review.busy": ("別のゲームをふり返っています…", "Another game is being reviewed…"),
    "review.everyone": ("コンピューターの手もふり返る", "Grade the computer players too"),
    "review.running": ("ふり返っています…", "Reviewing the game…"),
    "review.percent": ("{n}%終わりました", "{n}\u00a0% done"),
    "review.pct": ("{n}%", "{n}\u00a0%"),
    "review.cancel": ("やめる", "Cancel"),
    "review.failed": ("ふり返りができませんでした（ゲームはそのままです）：{reason}",
                      "The game could not be reviewed (it is kept as it was): {reason}"),
    "review.done": ("ふり返り済み", "Reviewed"),
    "review.ready": ("ふり返りができました。", "The review is ready."),
    "review.title": ("ふり返り", "Review"),
    "review.rough": ("このゲームの勝つ見込みは、まだおおまかな推定です。評価は目安としてご覧ください。",
                     "In this game the chances to win are still rough estimates: take the grades as a guide."),
    "review.grade.best": ("最善手", "Best"),
    "review.grade.good": ("よい手", "Good"),
    "review.grade.inaccuracy": ("疑問手", "Inaccuracy"),
    "review.grade.mistake": ("悪手", "Mistake"),
    "review.grade.blunder": ("大悪手", "Blunder"),
    "review.line.best": ("{grade}（勝つ見込み{chance}）", "{grade} move ({chance} to win)"),
    "review.line.other": ("{grade}：最善手は、{best}（勝つ見込み{best_chance}、実際の手は{chance}）",
                          "{grade}: would have played {best} ({best_chance} to win, against {chance})"),
    "review.line.who": ("{name}：{line}", "{name}: {line}"),
    "review.mistakes": ("大きなミス", "Biggest mistakes"),
    "review.mistakes.none": ("目立ったミスはありませんでした。", "No move lost much: well played."),
    "review.mistake": ("{n}手目・{grade}（−{lost}）", "Move {n} · {grade} (−{lost})"),
    "review.chart.title": ("勝つ見込みの移り変わり", "Chance to win over the game"),
    "review.chart.x": ("手数", "Moves played"),
    "review.chart.y": ("勝つ見込み", "Chance to win"),
    "review.chart.fair": ("平等な見込み {share}", "Even share {share}"),
    "review.sentence.rose": ("{name}の勝つ見込みは{first}から{last}に上がりました。最も低かったのは{when}の{low}です",
                             "{name}'s chance rose from {first} to {last}, lowest {low} {when}"),
    "review.sentence.fell": ("{name}の勝つ見込みは{first}から{last}に下がりました。最も低かったのは{when}の{low}です",
                             "{name}'s chance fell from {first} to {last}, lowest {low} {when}"),
    "review.sentence.same": ("{name}の勝つ見込みは{first}で始まり{last}で終わりました。最も低かったのは{when}の{low}です",
                             "{name}'s chance began at {first} and ended at {last}, lowest {low} {when}"),
    "review.sentence.none": ("{name}の勝つ見込みは出ていません", "No chance was estimated for {name}"),
    "review.when.start": ("最初", "at the start"),
    "review.when.move": ("{n}手目のあと", "after move {n}"),
    "rules.title": ("{game}のルール", "Rules of {game}"),
    "rules.ruling": ("この版の裁定", "This edition's ruling"),
    "nav.leave.confirm": ("テーブルを離れますか？ ゲームは保存され、ホーム画面から続けられます。",
                          "Leave the table? The game is saved: continue it from the home screen."),
    "nav.leave.yes": ("ホームへ（保存）", "Go home (saved)"),
    "setup.players.n": ("{n}人", "{n} player|{n} players"),
    "speed.title": ("コンピュータの速さ", "Computer speed"),
    "speed.button": ("速さ：{speed}", "Speed: {speed}"),
    "speed.slow": ("ゆっくり", "slow"),
    "speed.normal": ("ふつう", "normal"),
    "speed.fast": ("はやい", "fast"),
    "hint.button": ("ヒント", "Suggest a move"),
    "hint.shown": ("おすすめの手を光らせています（自分で選んでください）",
                   "The suggested move is highlighted (the choice is yours)"),
    # Why that move (ui/teacher.py): the search's estimated chances, in words.
    "hint.why": ("この手をすすめる理由", "Why this move"),
    "hint.best": ("{move}：ここから最後まで試しに進めたゲームの{chance}で勝ち",
                  "{move}: wins {chance} of the games played out from here"),
    "hint.next": ("{move}：{chance}", "{move}: {chance}"),
    "hint.chance.about": ("約{n}%", "about {n}\u00a0%"),
    "hint.chance.under": ("1%未満", "under 1\u00a0%"),
    "hint.chance.over": ("99%超", "over 99\u00a0%"),
    "hint.unsearched": ("{move}：ほかに比べるほどの手はありませんでした", "{move}: no other move was worth comparing"),
    "hint.only": ("{move}：ここで選べるのはこの手だけです", "{move}: the only move here"),
    "hint.rough": ("このゲームでは、この見込みはまだおおまかです。", "In this game these estimates are still rough."),
    "speak.button": ("手札と選べる手を読み上げる", "Read out my cards and my choices"),
    "speak.hand": ("見えている自分の札：{cards}", "Your cards: {cards}"),
    "speak.choices": ("選べる手：{choices}", "Your choices: {choices}"),
    "speak.none": ("いまは選ぶ手がありません。", "Nothing to choose right now."),
    # Between sentences read out together: a screen reader pauses at the stop.
    "speak.join": ("。", ". "),
    "error.unexpected": ("問題が起きました（ゲームはそのままです）：{reason}",
                         "Something went wrong (the game is unchanged): {reason}"),
}

# A name is drawn inside sentences of either direction: FIRST STRONG ISOLATE ...
# POP DIRECTIONAL ISOLATE around it keeps its own direction (a right-to-left
# override typed into a name, Arabic or Hebrew letters) from reordering the
# rest of the line, in HTML text, aria-labels and the screen reader's news alike.
FSI, PDI = "\u2068", "\u2069"


def isolate(name: str) -> str:
    """A name as it is drawn: isolated from the text around it."""
    return f"{FSI}{name}{PDI}"


def default_names(t: "Translator", kinds) -> list[str]:
    """The names seats get until a person types one, in t's language: people
    are numbered, computers take the court's names in turn."""
    bots = iter(t("bot.names").split(","))
    humans = 0
    names = []
    for kind in kinds:
        if kind == "human":
            humans += 1
            names.append(t("setup.default_human", n=humans))
        else:
            names.append(next(bots))
    return names


def shown_names(seats, t: "Translator") -> list[str]:
    """The seats' names as every screen draws them: a name nobody typed
    (`"default": true`) in the current language, each one isolated."""
    defaults = default_names(t, [s["kind"] for s in seats])
    return [isolate(defaults[n] if s.get("default") is True else s["name"]) for n, s in enumerate(seats)]


def rules_text(game_id: str) -> dict[str, list[dict]]:
    """A game's in-app rules (ui/games/<game id>/rules.toml) as each language's
    sections: [{"title": ..., "items": [{"id": rule ID or None, "ruling": bool,
    "text": ...}, ...]}, ...]."""
    data = _read_toml(_GAMES_DIR / game_id / "rules.toml")
    return {lang: [{"title": section["title"][lang],
                    "items": [{"id": rule.get("id"), "ruling": rule.get("ruling", False),
                               "text": rule[lang]} for rule in section["rule"]]}
                   for section in data["section"]]
            for lang in LANGS}


def _read_toml(path: pathlib.Path) -> dict:
    with open(path, "rb") as file:
        return tomllib.load(file)


_GAMES_DIR = pathlib.Path(__file__).resolve().parent / "games"


def load_game(game_id: str) -> None:
    """Adds a game's own words (ui/games/<game id>/words.py) to the catalog, once.
    The shell's words are always here; a game's load with its setup, rules or table."""
    if game_id not in _LOADED:
        CATALOG.update(importlib.import_module(f"ui.games.{game_id}.words").STRINGS)
        _LOADED.add(game_id)


_LOADED: set[str] = set()


class Translator:
    def __init__(self, lang: str):
        self.lang = lang if lang in LANGS else "ja"
        self._index = LANGS.index(self.lang)

    def __call__(self, key: str, **params) -> str:
        entry = CATALOG.get(key)
        text = entry[self._index] if entry else key
        if "|" in text and "n" in params:    # English "one|other": "{n} card|{n} cards"
            one, other = text.split("|", 1)
            text = one if params["n"] == 1 else other
        return text.format(**params) if params else text

    def has(self, key: str) -> bool:
        return key in CATALOG

    def join(self, items) -> str:
        """A list of names in running text."""
        return ("、" if self.lang == "ja" else ", ").join(items)

    def ordinal(self, n: int) -> str:
        if self.lang == "ja":
            return f"{n}番目"
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"


def default_lang(browser_languages) -> str:
    """Japanese for Japanese browsers (and as the collection's first language);
    English for browsers that ask for English first."""
    for tag in browser_languages or ():
        tag = str(tag).lower()
        if tag.startswith("ja"):
            return "ja"
        if tag.startswith("en"):
            return "en"
    return "ja"
