"""In-app rules of 黄金の鍵 / The Golden Key (Japanese and English): every rule
GK-1..GK-29 with its ID, the arranged and rescue rules, this edition's rulings
marked, and the designer credited."""


def item(rule_id, text, ruling=False):
    return {"id": rule_id, "ruling": ruling, "text": text}


RULES = {
    "ja": [
        {"title": "このゲームについて", "items": [
            item(None, "ふみのりんぐ（ふみんちゅ）さんが2022年に発表した、2人用のサイコロ対戦ゲームです。"
                       "アプリでは物語にちなんで「黄金の鍵」と呼んでいます。1ゲームは5〜10分ほどです。"),
            item(None, "物語：長く平和だった赤の王国と青の帝国に、「黄金のチップがどこかに隠されている」という噂が広まりました。"
                       "両国の調査団は、国境のちょうど中間で、チップのありかを示す鍵を同時に見つけます。"
                       "どちらも自分のものだと譲らず、民が戦を心配しはじめたころ、旅の者が王たちに持ちかけました。"
                       "「代表を1人ずつ選び、古いゲームで勝った方が鍵を手にすればよい」。こうして勝負が始まります。"),
            item(None, "サイコロはコマです。動かすたびに目が1増えます。カードの数字とそこにあるサイコロの合計が一致すると、"
                       "そのカードの得点チップがもらえます。先に決められた枚数のチップを集めた人の勝ちです。"),
        ]},
        {"title": "盤", "items": [
            item("GK-1", "2人で遊びます。赤（赤の王国）と青（青の帝国）に分かれ、それぞれ自分の色のサイコロを2個使います。"),
            item("GK-2", "この版の裁定：基本ルールの盤は3×3です。中央に振り直しカードを置き、1〜9の戦場カードから8枚をシャッフルしてまわりに並べます"
                         "（残る1枚は使いません）。戦場カードには得点チップを1枚ずつ置きます。", True),
            item("GK-3", "この版の裁定：上級ルールでは振り直しカードを使わず、1〜12の戦場カード12枚をシャッフルして4行×3列に並べます。チップは12枚です。", True),
            item("GK-4", "この版の裁定：赤の陣営カードは上の列の外側、青の陣営カードは下の列の外側に置きます。陣営カードには各列に向いた3つの入口があり、"
                         "向かい合う列の3枚のカードと隣り合っています。画面では、それぞれの陣営カードが持ち主の側に来るように盤を向けています。", True),
            item("GK-5", "サイコロは上下左右に隣り合うカードへだけ動きます。ななめには動けず、盤の端から反対側の端へ回り込むこともできません。"),
        ]},
        {"title": "準備", "items": [
            item("GK-6", "それぞれ自分のサイコロ2個を振り、出た目のまま、自分の陣営カードの3つの入口のうち好きな2つに置きます。"),
            item("GK-7", "この版の裁定：先手はランダムに決まります（同じゲーム番号なら同じ先手になります）。先手が2個とも置いてから、後手が置きます。", True),
        ]},
        {"title": "1ターンの流れ", "items": [
            item("GK-8", "手順1・弾く：自分のサイコロの上に別のサイコロが乗っていたら、その上のサイコロを、重なっている場所の隣のカードへ必ず弾きます。"
                         "弾いたサイコロは目が1増えます。"),
            item("GK-8", "この版の裁定：自分のサイコロが2個とも上に乗られていたら、好きな順に両方とも弾きます。"
                         "弾いたサイコロがもう1個の自分のサイコロの上に落ちたら、次の自分のターンまでそのまま乗っています。", True),
            item("GK-9", "手順2・移動：自分のサイコロを1個、隣のカードへ動かし、目を1増やします。上に別のサイコロが乗っているサイコロは動かせません。"),
            item("GK-10", "1増やすとき、6は1になります。"),
            item("GK-11", "手順3・得点：カードにあるサイコロの目の合計がそのカードの数字と同じになったら、そのカードの得点チップを獲得します。"),
            item("GK-11", "この版の裁定：移動のあと、すべての戦場カードを確かめます。チップを取るのは、そのカードでいちばん上にあるサイコロ"
                          "（1個だけならそのサイコロ）の持ち主です。相手のサイコロの上に乗って一致させれば、乗せた人のものです。", True),
            item("GK-12", "それから相手のターンになります。"),
            item("GK-12", "この版の裁定：動かせるサイコロが1つもないときはパスします。画面にその理由が表示されます。", True),
        ]},
        {"title": "サイコロが行ける場所", "items": [
            item("GK-13", "戦場カードにはサイコロを2個まで置けます。サイコロが1個あるカードへ進むと、誰のサイコロであってもその上に乗ります。"
                          "2個あるカードには入れません。"),
            item("GK-14", "振り直しカードにはサイコロを4個まで、重ねずに置けます。移動して着いたサイコロは、目を1増やしたあと1回だけ振り直してもかまいません"
                          "（振り直さなくてもよい）。弾かれて着いたサイコロは、弾いた人が必ず1回振り直します。"),
            item("GK-15", "陣営カードの隣の列にあるサイコロは、その陣営カードへ進めます。自分の陣営でも相手の陣営でもかまいません。"),
            item("GK-15", "この版の裁定：陣営カードにはサイコロを何個でも、重ねずに置けます。陣営カードではチップは取れません。", True),
            item("GK-16", "戦場から陣営カードに入ったサイコロは、次のターン以降に、3つの入口のどれからでも戦場へ出られます。"),
            item("GK-16", "この版の裁定：準備で置いたサイコロは、置いた入口から出ます。", True),
            item("GK-17", "手順1で自分のサイコロを弾いたときは、手順2でそのサイコロの上に別のサイコロを乗せられません。"
                          "また、弾いたそのサイコロを動かす場合、自分のもう1個のサイコロの上には乗せられません。"
                          "相手のサイコロを弾いたときは、ふつうどおりその上に乗せられます。"),
            item("GK-18", "この版の裁定：弾かれたサイコロにも、移動と同じ制限（重ねられる数、振り直しカードと陣営カードの決まり）がかかります。行ける場所がなければ、その場に残ります。", True),
        ]},
        {"title": "勝敗", "items": [
            item("GK-19", "基本ルールでは、先に得点チップを4枚集めた人の勝ちです。上級ルールでは6枚です。"),
            item("GK-19", "この版の裁定：チップを取った瞬間に勝敗を確かめます。1回の確認で2人とも目標に届いたときは、手番の人の勝ちです。", True),
            item(None, "この版の裁定：200ターンたっても決着しないときは、チップの多い人の勝ち（同じなら引き分け）です。", True),
        ]},
        {"title": "アレンジルール（新しいゲームの画面で選びます）", "items": [
            item("GK-20", "A1（基本ルールのみ）：振り直しカードを使わず、1〜9の9枚で盤を作ります。「盤」で basic-A1 を選びます。"),
            item("GK-21", "A2（基本ルールのみ）：1〜6のカードにはチップ1枚、7〜9のカードには2枚を置き、先に5枚集めた人の勝ちです。「盤」で basic-A2 を選びます。"),
            item("GK-21", "この版の裁定：A2でカードの数字と一致したときは、そのカードのチップを全部取ります。", True),
            item("GK-22", "C1（共通）：戦場カードを裏向きに並べ、サイコロが初めて乗ったときにめくります。「C1 裏向きカード」を on にします。"),
            item("GK-23", "C2（共通）：振り直しカードもほかの戦場カードと混ぜて並べるので、どこに来るかわかりません。"),
            item("GK-24", "C3（共通）：陣営カードへサイコロを入れられません。"),
            item("GK-25", "C4（共通）：1ゲームに1回、相手がチップを持っているときに自分のサイコロが相手の陣営カードに入ると、相手のチップを1枚奪い、"
                          "そのサイコロと一緒に自分の陣営カードへ戻ります。"),
            item(None, "この版の裁定：C2・C3・C4は同時にどれか1つを選びます。A1・A2は盤の選び方に含まれます。C1はどれとも組み合わせられます。", True),
        ]},
        {"title": "救済ルール（手詰まりのとき）", "items": [
            item("GK-26", "お互いに手が詰まったときは、2人が同意すれば、次の救済ルールのうち1つを加えられます。"),
            item("GK-26", "この版の裁定：同じ局面が3回目になったとき、または30ターン続けて誰もチップを取らなかったとき、アプリが救済ルールを持ちかけます。"
                          "手番の人から順に1つ提案でき、相手が同意すればそのルールが以後ずっと有効になります。提案しない・断ることもできます。"
                          "画面には2人とも読める形で表示されます。", True),
            item("GK-27", "R1：1〜6のカードのチップがすべて取られ、7以上のカードにしかチップが残っていないとき、1ターンに2回サイコロを動かせます（同じサイコロでもかまいません）。"),
            item("GK-27", "この版の裁定：裏向きのカードは「7以上」と数えません。2回目の移動はしなくてもかまいません。", True),
            item("GK-28", "R2：弾く手順のあと、移動の代わりに、自分のサイコロ1個をその場で振り直せます。振り直した目でカードと一致すればチップを取れます。そのあと相手のターンです。"),
            item("GK-29", "R3：弾く手順のあと、移動の代わりに、自分のサイコロ1個を自分の陣営カードに戻して1増やせます。そのあと相手のターンです。"),
        ]},
        {"title": "画面の使い方", "items": [
            item(None, "動かしたい自分のサイコロをタップすると、行ける場所のカードが光ります。カードに出る数字は、着いたときのサイコロの目です。"
                       "★はそこへ動くとチップが取れることを示します。選んだサイコロをもう一度タップすると選び直せます。"),
            item(None, "赤のサイコロは角の丸い四角、青のサイコロは角を落とした八角形です。色だけでなく形でも見分けられます。"
                       "6と9には下線があり、どちらの側からでも読めます。"),
            item(None, "2人で遊ぶときはタブレットを2人の間に置きます。赤は上側、青は下側に座り、上側の人の名札と、上側の人が選ぶ場面の説明は上側を向いて表示されます。"),
        ]},
    ],
    "en": [
        {"title": "About this game", "items": [
            item(None, "A dice duel for two, published in 2022 by its designer ふみのりんぐ (Fuminring). The app calls it "
                       "The Golden Key after its story. A game takes five to ten minutes."),
            item(None, "The story: the Red Kingdom and the Blue Empire had lived in peace for years, until a rumour spread "
                       "that golden chips lay hidden somewhere in their lands. Searchers from both sides found the key to "
                       "them at the same moment, exactly halfway between the two realms, and each side claimed it. As people "
                       "began to fear a war, a traveller from afar made the kings an offer: let each choose a champion, and "
                       "whoever wins an ancient game takes the key. And so the game begins."),
            item(None, "Dice are your pawns: each move adds 1 to the die. When the dice on a card add up to its number, "
                       "its chip is won. The first to collect the chips needed wins."),
        ]},
        {"title": "The board", "items": [
            item("GK-1", "Two players: red (the Red Kingdom) and blue (the Blue Empire), with two dice of their colour each."),
            item("GK-2", "This edition's ruling: the basic board is 3 × 3. The re-roll card lies in the centre; eight of "
                         "the battle cards 1–9, shuffled, lie around it (the ninth is left out). Each battle card carries one chip.", True),
            item("GK-3", "This edition's ruling: the advanced board has no re-roll card: the twelve battle cards 1–12, "
                         "shuffled, lie in 4 rows of 3, with 12 chips.", True),
            item("GK-4", "This edition's ruling: red's faction card lies beyond the top row, blue's beyond the bottom row. "
                         "A faction card has three entry spots, one facing each column, and is next to the three cards of "
                         "the row it faces. On screen the board is turned so that each faction card is on its player's side.", True),
            item("GK-5", "Dice move only to a card next to them up, down, left or right: never diagonally, and never round "
                         "from one edge of the grid to the other."),
        ]},
        {"title": "Setting up", "items": [
            item("GK-6", "Each player rolls both dice and puts them, showing what they rolled, on two of the three entry "
                         "spots of their own faction card."),
            item("GK-7", "This edition's ruling: the first player is chosen at random (the same game number gives the same first player). The first "
                         "player places both dice, then the other player.", True),
        ]},
        {"title": "A turn", "items": [
            item("GK-8", "Step 1, flick: if a die lies on top of one of your dice, you must flick that top die to a card "
                         "next to the stack. The flicked die gains 1."),
            item("GK-8", "This edition's ruling: if both your dice are covered, flick both, in the order you choose. A die "
                         "flicked onto your other die stays there until your next turn.", True),
            item("GK-9", "Step 2, move: move one of your dice to a card next to it; it gains 1. A die with another die on "
                         "top of it cannot move."),
            item("GK-10", "Adding 1 to a 6 makes it a 1."),
            item("GK-11", "Step 3, score: when the dice on a battle card add up to its number, that card's chip is won."),
            item("GK-11", "This edition's ruling: every battle card is checked after the move, and the owner of the top "
                          "die on the card (or of its only die) wins its chips. Matching on top of your opponent's die wins "
                          "the chip for you.", True),
            item("GK-12", "Then it is the other player's turn."),
            item("GK-12", "This edition's ruling: a player who has no legal move passes; the screen says why.", True),
        ]},
        {"title": "Where a die may go", "items": [
            item("GK-13", "A battle card holds two dice at most. A die arriving on a card with one die goes on top of it, "
                          "whoever owns either. A card with two dice cannot be entered."),
            item("GK-14", "The re-roll card holds up to four dice, never stacked. A die moved there may be re-rolled once, "
                          "after its +1 (or kept as it is). A die flicked there must be re-rolled once by the player who flicked it."),
            item("GK-15", "A die on the row beside a faction card may move onto that faction card, your own or your opponent's."),
            item("GK-15", "This edition's ruling: a faction card holds any number of dice, never stacked, and never scores.", True),
            item("GK-16", "A die that came onto a faction card from the battlefield leaves it on a later turn through any "
                          "of its three entry spots."),
            item("GK-16", "This edition's ruling: a die placed at setup leaves through its own entry spot.", True),
            item("GK-17", "When the die you flicked in step 1 is your own, your move in step 2 may not put a die on top of "
                          "it; and if you move the flicked die itself, it may not go on top of your other die. A flicked "
                          "die of your opponent's may be stacked on as usual."),
            item("GK-18", "This edition's ruling: a flicked die obeys the same limits as a moving die (how many dice a card holds, the re-roll card and the faction cards); "
                          "if it has nowhere to go, it stays where it is.", True),
        ]},
        {"title": "Winning", "items": [
            item("GK-19", "Basic board: the first to 4 chips wins. Advanced board: the first to 6."),
            item("GK-19", "This edition's ruling: the win is checked as soon as a chip is won; if one check brings both "
                          "players there, the player whose turn it is wins.", True),
            item(None, "This edition's ruling: a game still undecided after 200 turns goes to the player with more chips "
                       "(equal chips share the win).", True),
        ]},
        {"title": "Arranged rules (chosen on the new-game screen)", "items": [
            item("GK-20", "A1 (basic board only): no re-roll card; the nine cards 1–9 make the grid. Choose basic-A1 as the board."),
            item("GK-21", "A2 (basic board only): cards 1–6 carry one chip, cards 7–9 two; the first to 5 chips wins. "
                          "Choose basic-A2 as the board."),
            item("GK-21", "This edition's ruling: under A2 a match wins all the chips on the card.", True),
            item("GK-22", "C1 (any board): the battle cards lie face down and are turned up when a die first arrives on "
                          "them. Turn \"C1 face-down cards\" on."),
            item("GK-23", "C2 (any board): the re-roll card is shuffled in among the battle cards, so its place is random."),
            item("GK-24", "C3 (any board): no die may enter a faction card from the battlefield."),
            item("GK-25", "C4 (any board): once per game, when your die enters your opponent's faction card while they "
                          "hold chips, take one of their chips and return that die to your own faction card."),
            item(None, "This edition's ruling: one of C2, C3 and C4 may be chosen at a time; A1 and A2 are choices of "
                       "board; C1 goes with anything.", True),
        ]},
        {"title": "Rescue rules (when the game is stuck)", "items": [
            item("GK-26", "When both players are stuck, they may agree to add one of the rescue rules below."),
            item("GK-26", "This edition's ruling: the app offers them when the same position comes up a third time, or "
                          "after 30 turns in a row without a chip. The player whose turn it is may propose one first, then "
                          "the other; if the other player agrees, it holds for the rest of the game. Either may propose "
                          "nothing or refuse. The offer is shown so that both players can read it.", True),
            item("GK-27", "R1: once only battle cards numbered 7 or more still carry chips, each player moves twice per "
                          "turn (the same die may move twice)."),
            item("GK-27", "This edition's ruling: a face-down card does not count as 7 or more; the second move may be skipped.", True),
            item("GK-28", "R2: after the flick, instead of moving, re-roll one of your dice where it stands; if it then "
                          "matches its card, the chip is won. Then it is the other player's turn."),
            item("GK-29", "R3: after the flick, instead of moving, return one of your dice to your own faction card with "
                          "+1. Then it is the other player's turn."),
        ]},
        {"title": "Using the board", "items": [
            item(None, "Tap one of your dice: the cards it may go to light up. The number on each is what the die will "
                       "show there, and a ★ marks a move that wins the card's chips. Tap the chosen die again to choose another."),
            item(None, "Red dice are rounded squares and blue dice are octagons, so that shape tells them apart as well as "
                       "colour. 6 and 9 are underlined, so that they read from either side."),
            item(None, "Two people put the tablet between them: red sits at the top, blue at the bottom. The top player's "
                       "plate, and the panel while they decide, are turned to face them."),
        ]},
    ],
}
