# Ô ăn quan's own messages in English: move captions, the picture's words, the rules.
# Player arguments ($mover, $player) are Discord mentions; $name arguments are display names.

## The rules' name

# $preset: standard, folk, young or custom. $changed_value: yes when the mandarin's value
# ($quan_value) is not the preset's own.
preset-name = { $preset ->
        [standard] standard
        [folk] folk
        [young] young
       *[custom] custom
    }
rules-name = { $changed_value ->
        [yes] { preset-name }, mandarin worth { $quan_value }
       *[no] { preset-name }
    }
default-rules = { rules-name } (a mandarin is worth { $quan_value })
board-title = Ô ăn quan · { rules-name }

## Move captions

# $captures: how many things were captured; $captured: them, listed (see list-and).
move-summary = { $mover } sowed square { $label } to the { $right ->
        [yes] right →
       *[no] ← left
    }{ $relays ->
        [0] {""}
        [1] , relayed once
        [2] , relayed twice
       *[other] , relayed { $relays } times
    } and { $captures ->
        [0] captured nothing
       *[other] captured { $captured }
    }.
captured-stones = { $n ->
        [one] 1 stone
       *[other] { $n } stones
    }
captured-west = the West mandarin
captured-east = the East mandarin
# The last two items of a list; $init is the items before, joined with ", ".
list-and = { $init } and { $last }
refilled = { $player }'s row was empty: they paid 5 points to put one stone on each square{ $borrowed ->
        [0] {""}
       *[other] , borrowing { $borrowed }
    }.
totals = Captured: { $south } { $south_points } · { $north } { $north_points }
game-ended = { $reason ->
        [mandarins_captured] **Game over**: both mandarins have been captured.
        [squares_empty] **Game over**: both mandarin squares are empty.
        [cannot_refill] **Game over**: a player could not pay to refill their row.
        [ply_limit] **Game over**: 400 moves have been played.
       *[repetition] **Game over**: the same position came up three times.
    }
final-count = { $name }: { $captured } captured + { $collected } on their row = { $total }

## The picture

panel-captured = captured { $points }
status-to-move = { $name } to move
status-wins = { $name } wins { $high }–{ $low }
status-resigned = { $name } wins by resignation
status-draw = Draw { $points }–{ $points }
status-timed-out = { $name } wins on time

## Refusals

illegal = { $reason ->
        [game_over] This game is over.
        [not_your_square] You can only pick one of your own five squares.
        [empty_square] That square is empty: pick a square with at least one stone.
        [first_move_mandarin_capture] Under these rules the first move of the game may not capture a mandarin: pick another move.
       *[endless_sowing] That move would go on sowing forever: pick another move.
    }

## The rules, one line each (`/oaq rules`)

rules-summary = { $in_play ->
        [yes] **Rules of this game: { rules-name }**
       *[no] **No game in this channel; the default rules are { rules-name }**
    }
rules-sowing = • On your turn, pick one of your five squares that holds stones and a direction. The stones are sown one by one into the following squares.
rules-capturing = • If the square after the last stone holds stones, you pick them up and keep sowing. If it is empty and the one after holds stones, you capture those (and keep capturing across every further gap).
rules-values = • Each citizen stone is worth 1 point; a mandarin stone is worth { $quan_value }.
# $gap: yes when an empty mandarin square counts as a gap.
rules-empty-mandarin = { $gap ->
        [yes] • An empty mandarin square counts as a gap you can capture across.
       *[no] • Reaching an empty mandarin square ends your turn.
    }
rules-occupied-mandarin = { $rule ->
        [take_one] • Reaching an occupied mandarin square: take one citizen from it and keep sowing.
       *[end] • Reaching an occupied mandarin square ends your turn.
    }
rules-young-mandarin = • Young mandarin: a mandarin square holding fewer than { $quan_non } citizens cannot be captured.
rules-first-move = { $rule ->
        [illegal] • The first move of the game may not capture a mandarin.
       *[stop] • The first move of the game stops capturing in front of a mandarin.
    }
rules-refill = { $rule ->
        [borrow] • If your row is empty on your turn, you put one stone on each square, paying 5 points (borrowed from your opponent if you have fewer).
        [lose] • If your row is empty on your turn, you put one stone on each square, paying 5 points; if you cannot pay, you lose.
       *[end] • If your row is empty on your turn, you put one stone on each square, paying 5 points; if you cannot pay, the game ends and is counted.
    }
rules-end = { $rule ->
        [mandarins_captured] • The game ends when both mandarins have been captured; each player then adds the stones on their own row. Most points wins.
       *[squares_empty] • The game ends when both mandarin squares are empty; each player then adds the stones on their own row. Most points wins.
    }
rules-safety-valves = • A game also ends (and is counted) after 400 moves or when a position repeats three times.

## Help (`/oaq help`)

help = **Ô ăn quan** (Mandarin Square Capturing), the Vietnamese sowing game.
    • `/oaq challenge [opponent] [rules] [quan_value] [first]`: challenge someone (or anyone, without an opponent). Rules: standard, folk or young; a mandarin is worth 10 or 5; first player by rock-paper-scissors, coin, me or them.
    • Play by clicking the buttons under the board: the number is the square (as drawn on the picture) and the arrow is the way the stones travel.
    • `/oaq play [level] [rules] [quan_value]`: play the computer (easy, medium or hard; medium by default) right away, or challenge the bot itself. You move first.
    • Each move has a time limit (shown under the board); whoever runs out of time loses. A finished board has a Rematch button.
    • `/oaq board`: post the current board of this channel again.
    • `/oaq resign`: resign your game in this channel.
    • `/oaq rules`: the rules in play.
    • `/oaq settings`: the server's defaults, time per move and game channels (Manage Server only).
    • `/oaq leaderboard [page]` and `/oaq stats [player]`: this server's ratings (Glicko-2; a rating marked ? is provisional).
    • `/oaq history [player]`, `/oaq replay <game>`: finished games, and an animation of one with its record.
    • `/oaq games`: the games being played in this server, to watch.
    One game or challenge per channel: use threads to play several at once.
