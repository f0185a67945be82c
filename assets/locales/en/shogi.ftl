# Shogi's part of the catalogue (English). Every id starts with `shogi-`: all parts share one
# bundle per language.

## Rules

shogi-rules-name = standard
# $in_play: yes when a game in the channel is played by these rules.
shogi-rules-summary = { $in_play ->
        [yes] **Rules of this game: standard shogi**
       *[no] **No game in this channel; shogi is played by the standard rules**
    }
    • Each side has twenty pieces; a piece moves as its kind allows, and a captured piece changes sides and may be dropped back on any empty square instead of a move.
    • A piece that moves into, inside or out of the farthest three ranks may promote; a pawn, lance or knight that could never move again must.
    • Two unpromoted pawns of one side may not stand on one file (nifu), and a dropped pawn may not give checkmate at once (uchifuzume).
    • Checkmate wins; a side with no legal move loses. The fourth occurrence of a position is a draw (sennichite), unless one side gave check with every move, which loses.
    • When both kings stand in the enemy camp, a player may claim impasse: the side with fewer than 24 points (rook and bishop 5, other pieces 1, kings nothing) loses.

## Captions and the picture

shogi-moved = { $player } played { $move }.
shogi-check = Check!
# $reason: how the board ended the game.
shogi-ended = { $reason ->
        [checkmate] Checkmate.
        [no-moves] No legal move is left: that side loses.
        [resignation] A player resigned.
        [perpetual-check] The position occurred for the fourth time with one side checking throughout: the checking side loses.
        [impasse] Impasse: counted by points.
        [timeout] A player ran out of time.
        [sennichite] The position occurred for the fourth time (sennichite).
        [jishogi] Impasse with both sides at 24 points or more (jishōgi).
       *[move-limit] The move limit was reached.
    }
shogi-empty-hand = nothing in hand
shogi-status-to-move = { $name } to move
shogi-status-forfeit = { $why ->
        [resigned] { $name } wins by resignation
       *[timed-out] { $name } wins on time
    }
shogi-status-over = { $reason ->
        [checkmate] { $name } wins by checkmate
        [no-moves] { $name } wins: no legal move left
        [resignation] { $name } wins by resignation
        [perpetual-check] { $name } wins: perpetual check
        [impasse] { $name } wins on impasse points
        [timeout] { $name } wins on time
        [sennichite] Draw by repetition
        [jishogi] Draw by impasse
       *[move-limit] Draw by the move limit
    }
# $piece: a kind of piece (any, promoted too).
shogi-piece = { $piece ->
        [pawn] Pawn
        [lance] Lance
        [knight] Knight
        [silver] Silver
        [gold] Gold
        [bishop] Bishop
        [rook] Rook
        [king] King
        [tokin] Tokin
        [promoted-lance] Promoted lance
        [promoted-knight] Promoted knight
        [promoted-silver] Promoted silver
        [horse] Horse
       *[dragon] Dragon
    }
shogi-pick-piece = { shogi-piece } on { $square }
shogi-pick-in-hand = { shogi-piece } from your hand (×{ $count })
# $piece: the piece taken there, or none.
shogi-pick-target = { $piece ->
        [none] to { $square }
       *[other] to { $square }, taking the { shogi-piece }
    }
shogi-promote = Promote
shogi-dont-promote = Don't promote
shogi-claim-impasse = Claim impasse
shogi-impasse-claimed = Impasse was claimed: sente counts { $sente } points, gote { $gote } (24 are needed).
shogi-view-from-gote = View from gote's side
shogi-furigoma = Furigoma: { $tosser } tossed five pawns, { $faces }: { $pawns } fell pawn side up, so { $first } moves first (sente).
shogi-analyse = Analyse the final position on lishogi: { $link } (the KIF or CSA file imports the whole game).

## Refusals

# $reason: which rule the move breaks; $role: the piece missing from the hand.
shogi-illegal = { $reason ->
        [empty-square] There is no piece on the square you move from.
        [not-yours] That piece belongs to your opponent.
        [own-piece] You cannot capture your own piece.
        [cannot-move-there] That piece cannot move there (wrong direction, too far, or the way is blocked).
        [cannot-promote] That piece cannot promote on this move: promotion needs a move into, inside or out of the farthest three ranks, and gold, king and promoted pieces never promote.
        [must-promote] This piece must promote here, or it could never move again.
        [not-in-hand] You have no { $role ->
            [pawn] pawn
            [lance] lance
            [knight] knight
            [silver] silver
            [gold] gold
            [bishop] bishop
            [rook] rook
           *[other] such piece
        } in hand.
        [occupied] Pieces can only be dropped on empty squares.
        [no-further-move] A piece cannot be dropped where it could never move again.
        [nifu] Nifu: you already have an unpromoted pawn on that file.
        [uchifuzume] Uchifuzume: a dropped pawn may not give immediate checkmate.
       *[leaves-king-in-check] This move leaves your king in check.
    }
shogi-unreadable = I can't read `{ $text }` as a move: try USI (`7g7f`, `P*5e`, `8h2b+`), Western (`P-7f`, `Bx2b+`, `S*5e`) or Japanese (`７六歩`, `同　銀`).
shogi-no-match = No legal move of yours fits `{ $text }`.
shogi-no-previous-move = 同 means "on the square of the last move", but no move has been played yet.
shogi-impasse-not-yet = Impasse can be claimed only once both kings stand in their enemy camps.

## Help

shogi-help = **Shogi** (Japanese chess), the game of drops and promotions.
    • `/shogi challenge [opponent] [first]`: challenge someone (or anyone, without an opponent); the first player by furigoma (five tossed pawns), or me or them.
    • On your turn, **Pick a move** under the board opens your picker: choose a piece (or one in hand), where it goes, then whether it promotes when you may choose. Or type `/shogi move` in USI (`7g7f`, `P*5e`, `8h2b+`), Western (`P-7f`, `Bx2b+`, `S*5e`) or Japanese (`７六歩`, `同　銀`): while you type, your legal moves are suggested.
    • **View from gote's side** shows you the board turned round; **Claim impasse** appears once both kings stand in the enemy camp (24 points needed). A finished board has the game as KIF, CSA and USI files and a lishogi link.
    • `/shogi play [level]`: play the computer (easy, medium or hard) right away.
    • Each move has a time limit (shown under the board); whoever runs out of time loses. A finished board has a Rematch button.
    • `/shogi board`, `/shogi resign`, `/shogi rules`: the board again, resigning, the rules.
    • `/shogi leaderboard`, `/shogi stats`, `/shogi history`, `/shogi replay <game>`, `/shogi games`: Shogi's ratings, records, history, replays and running games in this server.
