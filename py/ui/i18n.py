"""Every string the app shows, in Japanese and English: one catalog.

`Translator(lang)(key, **params)` formats a string; a missing key shows the key
itself (and a test checks that every key used exists in both languages).
"""
from __future__ import annotations

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
    "nav.quit.confirm": ("本当にやめますか？ このゲームは失われます。", "Really quit? This game will be lost."),
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
    "setup.seed": ("シード（任意）", "Seed (optional)"),
    "setup.seed.hint": ("同じシードなら同じ配り方になります。", "The same seed deals the same cards."),
    "setup.start": ("ゲーム開始", "Start game"),
    "setup.bad_seed": ("シードは数字で入力してください。", "The seed must be a whole number."),
    "setup.empty_name": ("席{n}の名前を入れてください。", "Seat {n} needs a name."),
    "setup.default_human": ("プレイヤー{n}", "Player {n}"),
    "bot.names": ("ヘンリー,アン,エドワード,マーガレット,リチャード,エリザベス",
                  "Henry,Anne,Edward,Margaret,Richard,Elizabeth"),
    "option.limit": ("終了する失点", "Penalty limit"),
    "option.limit.value": ("{value}点", "{value} points"),
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
    "result.title": ("ゲーム終了", "Game over"),
    "result.winner": ("勝者：{names}", "Winner: {names}"),
    "result.winners": ("勝者（同点）：{names}", "Winners (tied): {names}"),
    "result.again": ("もう一度", "Play again"),
    "result.home": ("ホームへ", "Home"),
    "error.illegal": ("その手は打てません：{reason}", "That move is not allowed: {reason}"),
    "error.dismiss": ("閉じる", "Dismiss"),
    "save.title": ("続きから遊ぶ：{game}", "Continue: {game}"),
    "save.detail": ("{names}（{n}手目まで）", "{names} ({n} moves played)"),
    "save.continue": ("続ける", "Continue"),
    "save.discard": ("保存を消す", "Discard the save"),
    "save.problem": ("保存されたゲームを読み込めませんでした。", "The saved game could not be read."),
    "save.corrupt": ("データが壊れています。", "Its data is damaged."),
    "save.newer": ("新しい版のアプリで保存されたものです。", "It was saved by a newer version of the app."),
    "save.unknown_game": ("このアプリにないゲームのものです。", "It is for a game this app does not have."),
    "save.rules_changed": ("ルールが変わったため再現できません。", "The rules have changed since, so it cannot be replayed."),
    "undo.button": ("{name}の手を戻す", "Undo {name}'s move"),
    "replay.open": ("リプレイ", "Replay"),
    "replay.title": ("リプレイ：{game}", "Replay: {game}"),
    "replay.close": ("閉じる", "Close"),
    "replay.step": ("{n} / {total}手", "Move {n} of {total}"),
    "replay.first": ("最初へ", "To the start"),
    "replay.back": ("1手戻る", "One move back"),
    "replay.next": ("1手進む", "One move on"),
    "replay.last": ("最後へ", "To the end"),
    "rules.title": ("{game}のルール", "Rules of {game}"),
    "rules.ruling": ("この版の裁定", "This edition's ruling"),
    # --- Krypkille ----------------------------------------------------------------
    "kk.card.mask": ("顔", "Mask"),
    "kk.card.flowerpot": ("植木鉢", "Flowerpot"),
    "kk.card.wreath": ("花輪", "Wreath"),
    "kk.card.inn": ("宿", "Inn"),
    "kk.card.horse": ("騎馬", "Horse"),
    "kk.card.pig": ("ブタ", "Pig"),
    "kk.card.hussar": ("騎兵", "Hussar"),
    "kk.card.cuckoo": ("カッコー", "Cuckoo"),
    "kk.card.jester": ("道化師", "Jester"),
    "kk.penalty": ("失点{n}", "{n} pts"),
    "kk.round": ("第{n}回", "Round {n}"),
    "kk.dealer": ("ディーラー", "Dealer"),
    "kk.limit": ("{n}点で終了", "Ends at {n}"),
    "kk.stock": ("山札 {n}枚", "Stock: {n}"),
    "kk.discard_pile": ("捨て札 {n}枚", "Discards: {n}"),
    "kk.total": ("合計{n}", "Total {n}"),
    "kk.hand_count": ("手札{n}枚", "{n} cards"),
    "kk.discarded": ("{n}枚捨てた", "discarded {n}"),
    "kk.your_hand": ("{name}の手札", "{name}'s hand"),
    "kk.hand_hidden": ("手札は持ち主だけが見られます", "Hands are seen by their owners only"),
    "kk.phase.discard": ("捨て札：0〜3枚を選んで捨てる", "Discard: throw away 0 to 3 cards"),
    "kk.phase.play": ("トリック{n} / 4", "Trick {n} of 4"),
    "kk.phase.showdown": ("ショーダウン：宣言かパス", "Showdown: declare or pass"),
    "kk.hint.discard": ("捨てるカードをタップして選び、ボタンを押してください。",
                        "Tap the cards to throw away, then press the button."),
    "kk.hint.lead": ("リード：好きなカードをタップして出してください。", "Your lead: tap any card to play it."),
    "kk.hint.forced": ("{name}の出すカードは決まっています（強制）…", "{name}'s card is forced…"),
    "kk.hint.showdown": ("最後のカードが一番低いと思えば宣言。", "Declare if you think your last card is the lowest."),
    "kk.discard_n": ("{n}枚捨てる", "Discard {n}"),
    "kk.keep_all": ("捨てない", "Keep all"),
    "kk.too_many": ("捨てられるのは3枚までです", "At most 3 cards"),
    "kk.declare": ("宣言（カードを見せる）", "Declare (show my card)"),
    "kk.pass": ("パス", "Pass"),
    "kk.trick": ("トリック{n}", "Trick {n}"),
    "kk.trick_won": ("{name}が取った", "won by {name}"),
    "kk.table_empty": ("リードを待っています", "Waiting for the lead"),
    "kk.scores": ("得点表", "Scores"),
    "kk.scores.round": ("回", "Rnd"),
    "kk.round_over": ("第{n}回の結果", "Round {n} result"),
    "kk.next_round": ("次の回へ", "Next round"),
    "kk.final_scores": ("最終結果を見る", "See the final result"),
    "kk.outcome.success": ("{name}の宣言成功！", "{name} declared and succeeded!"),
    "kk.outcome.fail": ("{name}の宣言失敗（+10）", "{name} declared and failed (+10)"),
    "kk.outcome.coward": ("全員パス：{name}は臆病者（10点）", "Everyone passed: {name} is the coward (10)"),
    "kk.outcome.void": ("全員パス、最低が2人：無効", "Everyone passed, two lowest: void round"),
    "kk.last_card": ("最後のカード", "Last card"),
    "kk.round_score": ("この回", "This round"),
    "kk.lowest_wins": ("合計失点が一番少ない人の勝ち", "Lowest total wins"),
    "kk.showdown.choice.declare": ("宣言", "declared"),
    "kk.showdown.choice.pass": ("パス", "passed"),
    "kk.log.deal": ("第{n}回：{name}がディーラー", "Round {n}: {name} deals"),
    "kk.log.discard": ("{name}が{n}枚捨てた", "{name} discarded {n}"),
    "kk.log.keep": ("{name}は捨てなかった", "{name} kept all cards"),
    "kk.log.lead": ("{name}が{card}をリード", "{name} led {card}"),
    "kk.log.follow": ("{name}が{card}を出した", "{name} played {card}"),
    "kk.log.forced": ("{name}が{card}を出した（強制）", "{name} played {card} (forced)"),
    "kk.log.trick": ("{name}がトリックを取った", "{name} won the trick"),
    "kk.log.declare": ("{name}が宣言：{card}", "{name} declared: {card}"),
    "kk.log.pass": ("{name}はパス", "{name} passed"),
    "kk.log.scores": ("結果：{scores}", "Result: {scores}"),
    # --- To Court the King ---------------------------------------------------------
    "ct.die.unrolled": ("まだ振っていないダイス", "a die not rolled yet"),
    "ct.die.value": ("{n}の目", "showing {n}"),
    "ct.kind": ("{face}が{count}個", "{count} × {face}"),
    "ct.kind.none": ("なし", "none"),
    "ct.round": ("第{n}ラウンド", "Round {n}"),
    "ct.start_player": ("スタートプレイヤー：{name}", "Start player: {name}"),
    "ct.final_round": ("最終ラウンド", "Final round"),
    "ct.king_to_beat": ("王：{name}（{kind}）", "King: {name} ({kind})"),
    "ct.starts": ("スタート", "Starts"),
    "ct.no_cards": ("人物なし", "no characters"),
    "ct.plate": ("ダイス{dice}個・手番{n}番目", "{dice} dice · plays {n}."),
    "ct.tray": ("{name}のダイス", "{name}'s dice"),
    "ct.best": ("最多：{kind}・合計{total}", "Best: {kind} · sum {total}"),
    "ct.active": ("振るダイス", "Active dice"),
    "ct.aside": ("確定したダイス", "Set aside"),
    "ct.none": ("—", "—"),
    "ct.hint.pick": ("{card}：ダイスをタップして選んでください。", "{card}: tap the dice to choose."),
    "ct.hint.value": ("{card}：新しい目を選んでください。", "{card}: choose the new value."),
    "ct.hint.aside": ("振ったあとは1個以上のダイスを確定してください（タップ）。",
                      "After a roll, set aside at least one die (tap it)."),
    "ct.hint.take": ("取る人物をサプライからタップ。", "Tap a character in the supply to take it."),
    "ct.roll": ("ダイスを振る（{n}個）", "Roll {n} dice"),
    "ct.aside_all": ("すべて確定", "Set all aside"),
    "ct.confirm": ("決定", "Confirm"),
    "ct.cancel": ("やめる", "Cancel"),
    "ct.done": ("ダイス確定を終える", "Finish the dice"),
    "ct.pass": ("何も取らない", "Take nothing"),
    "ct.used": ("使用済み", "used"),
    "ct.abilities": ("能力", "Abilities"),
    "ct.unlimited": ("無制限", "unlimited"),
    "ct.left": ("残り{n}", "{n} left"),
    "ct.earned": ("取れる", "can take"),
    "ct.supply": ("人物カード", "Characters"),
    "ct.supply.hint": ("◆は条件、その下が能力。I〜Vは必要なダイスの数の目安（3〜7個）。",
                        "◆ is the requirement, below it the ability. I–V: the dice it usually needs (3 to 7)."),
    "ct.row.0": ("道化師／詐欺師", "Jester / Swindler"),
    "ct.row.1": ("ダイス3個から", "From 3 dice"),
    "ct.row.2": ("ダイス4個から", "From 4 dice"),
    "ct.row.3": ("ダイス5個から", "From 5 dice"),
    "ct.row.4": ("ダイス6個から", "From 6 dice"),
    "ct.row.5": ("ダイス7個：王と王妃", "7 dice: King and Queen"),
    "ct.players": ("プレイヤー", "Players"),
    "ct.col.dice": ("ダイス", "Dice"),
    "ct.col.cards": ("人物", "Cards"),
    "ct.final_standings": ("最終ラウンドの結果", "Final round so far"),
    "ct.log.start": ("スタートプレイヤー：{name}", "{name} starts"),
    "ct.log.roll": ("{name}が振った：{dice}", "{name} rolled {dice}"),
    "ct.log.aside": ("{name}が{n}を確定", "{name} set aside a {n}"),
    "ct.log.aside_all": ("{name}がすべて確定", "{name} set all dice aside"),
    "ct.log.use": ("{name}が{card}を使った", "{name} used the {card}"),
    "ct.log.take": ("{name}が{card}を取った", "{name} took the {card}"),
    "ct.log.pass": ("{name}は何も取らなかった", "{name} took nothing"),
    "ct.log.final_king": ("{name}が王を奪った：{dice}", "{name} takes the King: {dice}"),
    "ct.log.final_miss": ("{name}は王に届かず：{dice}", "{name} did not beat the King: {dice}"),
    "ct.log.final_round": ("最終ラウンド開始！", "The final round begins!"),
    "ct.log.round": ("第{n}ラウンド：{name}から", "Round {n}: {name} starts"),
}


def _add_piece_names():
    """Names of game pieces come from each game's public tables, in both languages."""
    from royaltable.games.court.rules import CHARACTERS
    for card, info in CHARACTERS.items():
        CATALOG["ct.card." + card] = (info["name"]["ja"], info["name"]["en"])


_add_piece_names()


class Translator:
    def __init__(self, lang: str):
        self.lang = lang if lang in LANGS else "ja"
        self._index = LANGS.index(self.lang)

    def __call__(self, key: str, **params) -> str:
        entry = CATALOG.get(key)
        text = entry[self._index] if entry else key
        return text.format(**params) if params else text

    def has(self, key: str) -> bool:
        return key in CATALOG


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
