# Alt text: what a screen reader reads out for each picture the bot attaches (Discord allows
# 1,024 characters). Written for listening: whole sentences, numbers as digits, no symbols
# that read badly.

# When the text does not fit: how many entries (rows, moves) were left out.
alt-more = … and { $n } more not read out.
# Whose turn, on any board.
alt-to-move = { $name } to move.
# How a finished game stands (the picture's status line), on any board.
alt-status = { $status }.

## Ô ăn quan
alt-oaq-title = Ô ăn quan board.
# $right: whether the stones travelled right on the picture.
alt-oaq-last = Last move: { $name } sowed from square { $square }, { $right ->
        [yes] rightwards
       *[no] leftwards
    } on the picture.
# $stones: the stones of squares 1 to 5, comma separated.
alt-oaq-row = { $name }'s squares 1 to 5, from their left: { $stones }.
alt-oaq-mandarin = { $side ->
        [west] West
       *[east] East
    } mandarin square: { $stones } { $stones ->
        [one] stone
       *[other] stones
    }, { $quan ->
        [yes] mandarin still there
       *[no] mandarin captured
    }.
alt-oaq-captured = Captured: { $south } { $south_points }, { $north } { $north_points }.

## Shogi
alt-shogi-title = Shogi board.
alt-shogi-to-move = { $name } ({ alt-shogi-side }) to move.
alt-shogi-side = { $colour ->
        [sente] Sente
       *[gote] Gote
    }
alt-shogi-check = Check.
alt-shogi-last = Last move: { $western }.
alt-shogi-impasse = Last move: impasse claimed.
# $pieces: each kind of piece with its squares, "King 5i; Gold 4i, 6i".
alt-shogi-pieces = { alt-shogi-side } ({ $name }) pieces: { $pieces }.
alt-shogi-squares = { shogi-piece } { $squares }
alt-shogi-hand = { alt-shogi-side }'s hand: { $pieces ->
        [none] empty
       *[other] { $pieces }
    }.
alt-shogi-in-hand = { $count } { $count ->
        [one] { shogi-piece }
       *[other] { shogi-piece }s
    }

## Chinese checkers
alt-checkers-title = Chinese checkers board, { $players } players.
alt-checkers-seat = { $name }, { $colour }: { $home } pegs home, { $left } still to bring home{ $state ->
        [left] , left the game
        [place] , finished in place { $place }
       *[playing] {""}
    }.
alt-checkers-moved = { $name } moved { $path }.
alt-checkers-passed = { $name } passed.

## Tables
alt-leaderboard = { $title }, page { $page } of { $pages }, { $players } players.
alt-leaderboard-row = { $rank }. { $name }: rating { $rating }{ $provisional ->
        [yes] , provisional
       *[no] {""}
    }; { $wins } won, { $draws } drawn, { $losses } lost.
alt-chart = Rating chart of { $name }: { $games ->
        [0] no rated games yet.
       *[other] { $games } rated { $games ->
            [one] game
           *[other] games
        }, from { $first } to { $last }; highest { $high }, lowest { $low }.
    }
alt-table = { $title }. { $subtitle }.
alt-pairing = Board { $board }: { $first } ({ $first_points }) against { $second } ({ $second_points }), { $result ->
        [first] won by { $first }
        [second] won by { $second }
        [draw] drawn
       *[none] still playing
    }.
alt-bye = { $name } ({ $points }) has a bye.
alt-standing = Place { $place }: { $name }, { $points } points; { $breaks }.
alt-tie-break = { $key ->
        [bh1] Buchholz cut 1
        [bh] Buchholz
        [sb] Sonneborn–Berger
        [de] direct encounter
        [wins] wins
        [rating] rating
       *[perf] performance
    } { $value }
alt-cross-row = Place { $place }: { $name }, { $points } points; { $rounds }.
alt-cross-round = round { $round } { $kind ->
        [bye] bye
        [none] no game
       *[game] { $result ->
            [win] won
            [draw] drew
            [loss] lost
           *[none] playing
        } against place { $opponent } as { $colour ->
            [first] first
           *[second] second
        }
    }

## Replays and records
alt-replay = Animated replay of { game-name } game { $id }: { $players }; { $result }; { $plies } { $plies ->
        [one] move
       *[other] moves
    }.
alt-record = The record of game { $id } as text ({ $format ->
        [engine] moves for the engine's command line
       *[other] { $format }
    }).
