"""In-app rules page for 王の闘争 (King's Struggle), Japanese and English, with
rule IDs ST-1..ST-31 and this edition's rulings marked. The original rules give no card
texts: the court of ten (ST-21..ST-31) is this edition's own, and the page says so."""

RULES = {
    "ja": [
        {
            "title": "この版について",
            "items": [
                {"id": None, "ruling": True,
                 "text": "この版の裁定：原作のルールには札の能力の文章がありません。このページの最後にある10人の宮廷の能力は、"
                         "原作について分かっていること（10枚中7枚が交渉可能、ゴールドを得る・マーカーで強さを変える・"
                         "札を加える・札を取り除く・札を入れ替えさせる）をもとに、この版が独自に定めたものです。"},
                {"id": None, "ruling": False,
                 "text": "ゴールドで能力の使い方を取引しながら、毎ラウンド1つのトリックを争います。"
                         "同じ強さの札は打ち消し合い、取った札はセットやランにまとめて得点します。"},
            ],
        },
        {
            "title": "準備",
            "items": [
                {"id": "ST-1", "ruling": False,
                 "text": "3〜6人で遊びます。各自が強さ1〜10の10枚の自分用の山札を持ちます。全員の山札は同じ内容です。"},
                {"id": "ST-2", "ruling": False,
                 "text": "各自5ゴールドを持って始めます。供給のゴールドは全部で80。"},
                {"id": "ST-2", "ruling": True,
                 "text": "この版の裁定：供給が足りなくなることはまずありませんが、もし足りなければ残っている分だけを受け取ります。"},
                {"id": "ST-3", "ruling": True,
                 "text": "この版の裁定：マーカーは+3が5個、−3が5個です。"},
                {"id": "ST-4", "ruling": True,
                 "text": "この版の裁定：最初の先手はランダムに決まります（同じゲーム番号なら同じ先手になります）。"},
                {"id": "ST-5", "ruling": False,
                 "text": "昼のゲーム：10枚すべてを手札にして7ラウンド遊びます。3枚は使われずに残ります。"},
                {"id": "ST-6", "ruling": False,
                 "text": "夜のゲーム：各自の山札から2枚を無作為に抜きます。抜いた札は本人も含めて誰も見られません。7ラウンド遊びます。"},
                {"id": "ST-6", "ruling": True,
                 "text": "この版の裁定：夜は8枚で7ラウンドなので、1枚が残ります（騎士で2枚目を出した人は残りません）。"},
            ],
        },
        {
            "title": "ラウンドの流れ（1ラウンド＝1トリック）",
            "items": [
                {"id": "ST-7", "ruling": False,
                 "text": "先手が札を1枚、表向きに出します。続いてほかの人が1人ずつ裏向きに1枚選び、全員が選んだら一斉に表にします。"
                         "アプリでは、裏向きの選択は1人ずつタブレットを渡して行い、公開まで誰の札も見えません。"},
                {"id": "ST-8", "ruling": False,
                 "text": "能力の番：先手から時計回りに、各自が自分の札の能力を使えます。"},
                {"id": "ST-9", "ruling": False,
                 "text": "密偵や王妃によって札を入れ替えさせられた人は、新しく来た札の能力を使えません。"},
                {"id": "ST-9", "ruling": True,
                 "text": "この版の裁定：その人の能力の番が前でも後でも同じです。"},
                {"id": "ST-10", "ruling": False,
                 "text": "同値の除外：能力の番がすべて終わってから、合計の強さ（マーカー込み）がほかの札と同じ札をすべて捨てます。"
                         "勝者を決めるのはその後です。だから遅い番の+3で同値を崩すこともできます。"},
                {"id": "ST-11", "ruling": False,
                 "text": "残った札の中で合計がいちばん高い人がトリックを取り、残っている札をすべて獲得します。"},
                {"id": "ST-11", "ruling": True,
                 "text": "この版の裁定：札が1枚も残らなければ勝者はなく、先手も変わりません。"},
                {"id": "ST-12", "ruling": False,
                 "text": "マーカーはすべて供給に戻ります。トリックを取った人が次のラウンドの先手です。"},
                {"id": "ST-13", "ruling": False,
                 "text": "7ラウンドが終わるとゲーム終了です。"},
            ],
        },
        {
            "title": "交渉",
            "items": [
                {"id": "ST-14", "ruling": False,
                 "text": "天秤のマーク（交渉）がある札は、能力の使い方を取引できます。その場で完了する取引は必ず守られます。"
                         "将来についての約束は守らなくてもかまいません。"},
                {"id": "ST-15", "ruling": True,
                 "text": "この版の裁定：交渉できる札の番が来たら、ほかの人が能力を使う人の左隣から順に、1回ずつ申し出るかパスします。"
                         "申し出は「手持ちのゴールド（1以上）」と「能力の具体的な使い方1つ（または使わないこと）」の組み合わせで、"
                         "一覧から約束の言葉を1つ添えることもできます。約束は記録に残りますが、守らせる仕組みはありません。"
                         "申し出は全員に公開なので、タブレットを渡す必要はありません。ゴールドのない人には順番が回りません。"},
                {"id": "ST-16", "ruling": False,
                 "text": "能力を使う人は申し出を1つだけ受けられます。1ラウンドに受けられる取引は1つまでです。"},
                {"id": "ST-16", "ruling": True,
                 "text": "この版の裁定：受けると、ゴールドがすぐに移り、申し出のとおりに能力が使われます。取り消せません。"
                         "騎士の取引なら、騎士の持ち主が手札から添える札を選びます（その選択は本人にしか見えません）。"},
                {"id": "ST-17", "ruling": True,
                 "text": "この版の裁定：申し出を受けなければ、能力を好きなように使うか、使わずにおきます。"},
            ],
        },
        {
            "title": "得点",
            "items": [
                {"id": "ST-18", "ruling": False,
                 "text": "ゴールド1枚につき1点。"},
                {"id": "ST-19", "ruling": False,
                 "text": "獲得した札は、同じ強さのセットと連続した強さのランで得点します（マーカーは数えません）。"
                         "1枚の札は1つのセット、1つのラン、または単独のどれか1回だけ数えます。アプリが各自の最も高い分け方を見つけて表示します。"},
                {"id": "ST-19", "ruling": False,
                 "text": "セット：1枚1点、2枚3点、3枚6点、5枚10点、6枚30点。ラン：3枚4点、4枚6点、5枚9点、6枚13点、7枚18点、8枚24点、9枚31点、10枚39点。"},
                {"id": "ST-19", "ruling": True,
                 "text": "この版の裁定：元の表にない4枚のセットは8点とします。"},
                {"id": "ST-19", "ruling": False,
                 "text": "例：8が3枚（6点）＋4枚のラン（6点）＋ほかの札3枚（3点）＋17ゴールド＝32点。"},
                {"id": "ST-20", "ruling": False,
                 "text": "得点の最も高い人の勝ち。同点なら獲得した札の多い人、それでも同じなら10を多く持つ人、次に9を多く持つ人…の順に比べます。"},
                {"id": "ST-20", "ruling": True,
                 "text": "この版の裁定：それでも並んだら、勝利を分け合います。"},
            ],
        },
        {
            "title": "この版の10人の宮廷（強さ・種類・能力）",
            "items": [
                {"id": "ST-21", "ruling": True,
                 "text": "1 農民（りんご）：供給から2ゴールドを得る。交渉なし。"},
                {"id": "ST-22", "ruling": True,
                 "text": "2 盗賊（コイン・交渉）：ほかの1人から2ゴールドまで奪う（相手が1ゴールドしかなければ1）。"},
                {"id": "ST-23", "ruling": True,
                 "text": "3 商人（コイン）：その番にトリックにあるコインの札1枚につき1ゴールドを供給から得る（自分自身と騎士の2枚目も数える）。交渉なし。"},
                {"id": "ST-24", "ruling": True,
                 "text": "4 道化師（りんご・交渉）：トリックの好きな札（自分の札も可）に+3マーカーを置く。"},
                {"id": "ST-25", "ruling": True,
                 "text": "5 密偵（りんご・交渉）：ほかの1人を選ぶ。その人の手札から無作為に1枚が出され、場の札と入れ替わる。"
                         "戻った札は持ち主の手札に入り、再び出されるまで全員に公開されます。その札のマーカーは供給に戻ります。"},
                {"id": "ST-26", "ruling": True,
                 "text": "6 衛兵（王冠・交渉）：トリックの好きな札（自分の札も可）に−3マーカーを置く。"},
                {"id": "ST-27", "ruling": True,
                 "text": "7 外交官（コイン・交渉）：トリックからほかの人の札を1枚捨てる（騎士の2枚目とマーカーも一緒に）。"},
                {"id": "ST-28", "ruling": True,
                 "text": "8 騎士（王冠・交渉）：手札からもう1枚を表向きに騎士の横へ出し、その強さを騎士に足す。"
                         "2枚目は騎士と一緒に勝者のものになるか、捨てられる。"},
                {"id": "ST-29", "ruling": True,
                 "text": "9 王妃（王冠・交渉）：自分の場の札をほかの人の場の札と交換する。マーカーは元の札に残る。入れ替えさせられたのは相手の方です（相手は新しく来た札の能力を使えません）。"},
                {"id": "ST-30", "ruling": True,
                 "text": "10 王（王冠）：能力なし。"},
                {"id": "ST-31", "ruling": True,
                 "text": "この版の裁定：使える相手がいない能力や、供給にマーカーが残っていない道化師・衛兵は、効果がありません。"},
            ],
        },
    ],
    "en": [
        {
            "title": "About this edition",
            "items": [
                {"id": None, "ruling": True,
                 "text": "This edition's ruling: the original rules give no card texts. The abilities of the court of ten "
                         "listed at the end of this page are this edition's own, built from what is known of the published game (seven of "
                         "the ten cards can be bargained over; abilities gain gold, change powers with markers, add cards, "
                         "remove cards and make a player switch their card)."},
                {"id": None, "ruling": False,
                 "text": "Each round is one trick, fought over while the players bargain with gold over how each ability "
                         "is used. Equal powers cancel each other, and won cards score as sets and runs."},
            ],
        },
        {
            "title": "Setting up",
            "items": [
                {"id": "ST-1", "ruling": False,
                 "text": "3 to 6 players. Each has an own deck of 10 cards, powers 1 to 10; the decks are the same."},
                {"id": "ST-2", "ruling": False,
                 "text": "Each player starts with 5 gold. The supply holds 80 gold in all."},
                {"id": "ST-2", "ruling": True,
                 "text": "This edition's ruling: the supply hardly ever runs short; if it does, you take what is left."},
                {"id": "ST-3", "ruling": True,
                 "text": "This edition's ruling: there are five +3 markers and five −3 markers."},
                {"id": "ST-4", "ruling": True,
                 "text": "This edition's ruling: the first player is chosen at random (the same game number gives the same first player)."},
                {"id": "ST-5", "ruling": False,
                 "text": "Day game: all 10 cards in hand, 7 rounds; 3 cards are never played."},
                {"id": "ST-6", "ruling": False,
                 "text": "Night game: 2 random cards leave each deck, unseen by anyone, their owner included; 7 rounds."},
                {"id": "ST-6", "ruling": True,
                 "text": "This edition's ruling: at night 8 cards for 7 rounds leave one card over (none for a player who "
                         "added a second card with the Knight)."},
            ],
        },
        {
            "title": "A round (one trick)",
            "items": [
                {"id": "ST-7", "ruling": False,
                 "text": "The first player plays a card face up. Then every other player chooses a card face down, one by "
                         "one, and they are revealed together. In the app each face-down choice is made behind a hand-off: "
                         "nobody's card shows until the reveal."},
                {"id": "ST-8", "ruling": False,
                 "text": "Ability turns: from the first player, clockwise, each player may use their card's ability."},
                {"id": "ST-9", "ruling": False,
                 "text": "A player made to switch their played card (by the Spy or the Queen) cannot use the new card's ability."},
                {"id": "ST-9", "ruling": True,
                 "text": "This edition's ruling: this holds whether their ability turn has come yet or not."},
                {"id": "ST-10", "ruling": False,
                 "text": "Tie removal: once every ability turn is over, every card whose total (markers included) equals "
                         "another card's is discarded, before the winner is decided. So a +3 played late can still break a tie."},
                {"id": "ST-11", "ruling": False,
                 "text": "The highest remaining total wins the trick: its player takes every card left in it."},
                {"id": "ST-11", "ruling": True,
                 "text": "This edition's ruling: if no card is left, nobody wins and the first player stays."},
                {"id": "ST-12", "ruling": False,
                 "text": "Every marker goes back to the supply. The winner is the first player of the next round."},
                {"id": "ST-13", "ruling": False,
                 "text": "The game ends after the 7th round."},
            ],
        },
        {
            "title": "Bargaining",
            "items": [
                {"id": "ST-14", "ruling": False,
                 "text": "A card with the scales (deal) mark may have its ability bargained over. A deal completed on the "
                         "spot is binding; promises about the future are not."},
                {"id": "ST-15", "ruling": True,
                 "text": "This edition's ruling: when such a card's ability turn comes, every other player, in seat order "
                         "from the active player's left, makes one offer or passes. An offer is gold you hold (1 or more) "
                         "for one concrete use of the ability (or for not using it), with an optional promise picked from a "
                         "short list. Promises go in the log; nothing enforces them. Offers are public, so no hand-off is "
                         "needed. A player with no gold is not asked."},
                {"id": "ST-16", "ruling": False,
                 "text": "The active player may accept one offer; a player accepts at most one deal per round."},
                {"id": "ST-16", "ruling": True,
                 "text": "This edition's ruling: accepting moves the gold at once and carries out the offered use; it cannot "
                         "be taken back. In a Knight deal, the Knight's owner picks the card from their hand (only they see that choice)."},
                {"id": "ST-17", "ruling": True,
                 "text": "This edition's ruling: without an accepted offer, the active player uses the ability as they like, or not at all."},
            ],
        },
        {
            "title": "Scoring",
            "items": [
                {"id": "ST-18", "ruling": False,
                 "text": "1 point per gold."},
                {"id": "ST-19", "ruling": False,
                 "text": "Won cards score as sets of equal printed power and runs of consecutive printed powers (markers "
                         "never count). Each card counts once: in one set, one run, or alone. The app finds each player's best split."},
                {"id": "ST-19", "ruling": False,
                 "text": "Sets: 1 card 1, 2 cards 3, 3 cards 6, 5 cards 10, 6 cards 30. Runs: 3 cards 4, 4 cards 6, 5 cards 9, "
                         "6 cards 13, 7 cards 18, 8 cards 24, 9 cards 31, 10 cards 39."},
                {"id": "ST-19", "ruling": True,
                 "text": "This edition's ruling: a set of 4, missing from the original table, scores 8."},
                {"id": "ST-19", "ruling": False,
                 "text": "Example: three 8s (6) + a run of four (6) + three other cards (3) + 17 gold = 32."},
                {"id": "ST-20", "ruling": False,
                 "text": "Most points wins. A tie goes to the most cards won, then the most 10s, then 9s, and so on."},
                {"id": "ST-20", "ruling": True,
                 "text": "This edition's ruling: still equal, the win is shared."},
            ],
        },
        {
            "title": "This edition's court of ten (power, class, ability)",
            "items": [
                {"id": "ST-21", "ruling": True,
                 "text": "1 Peasant (apple): take 2 gold from the supply. Not bargained over."},
                {"id": "ST-22", "ruling": True,
                 "text": "2 Thief (coins, deal): take up to 2 gold from one other player (1 if that is all they have)."},
                {"id": "ST-23", "ruling": True,
                 "text": "3 Merchant (coins): take 1 gold from the supply for each coins card in the trick at its turn "
                         "(itself and a Knight's second card included). Not bargained over."},
                {"id": "ST-24", "ruling": True,
                 "text": "4 Jester (apple, deal): put a +3 marker on any card in the trick, your own included."},
                {"id": "ST-25", "ruling": True,
                 "text": "5 Spy (apple, deal): choose another player; a random card from their hand replaces their played "
                         "card, which goes back to its owner's hand, known to everyone until played again. Markers on it go back to the supply."},
                {"id": "ST-26", "ruling": True,
                 "text": "6 Guard (crown, deal): put a −3 marker on any card in the trick, your own included."},
                {"id": "ST-27", "ruling": True,
                 "text": "7 Diplomat (coins, deal): discard another player's card from the trick (with a Knight's second card and its markers)."},
                {"id": "ST-28", "ruling": True,
                 "text": "8 Knight (crown, deal): add a second card from your hand face up beside the Knight; its power adds "
                         "to the Knight's, and it goes to the trick's winner or to the discard with the Knight."},
                {"id": "ST-29", "ruling": True,
                 "text": "9 Queen (crown, deal): exchange your played card with another player's; markers stay on their "
                         "cards. The other player is the one made to switch (so they cannot use the new card's ability)."},
                {"id": "ST-30", "ruling": True,
                 "text": "10 King (crown): no ability."},
                {"id": "ST-31", "ruling": True,
                 "text": "This edition's ruling: an ability with no legal target, or a Jester or Guard with no marker left "
                         "in the supply, has no effect."},
            ],
        },
    ],
}
