# Chinese checkers' part of the catalogue (English). Every id starts with `checkers-`: all
# parts share one bundle per language.

# $options: the options that differ from the standard rules (`play_on=true`), or none.
checkers-rules-name = { $options ->
        [none] standard
       *[other] standard with { $options }
    }
checkers-rules-summary = { $in_play ->
        [yes] **Rules of this game: standard Chinese checkers{ $options ->
            [none] {""}
           *[other] {" "}with { $options }
        }**
       *[no] **No game in this channel; Chinese checkers is played by the standard rules**
    }
    • Each player moves one peg a turn: a step to a neighbouring empty hole, or a chain of hops over single pegs into the empty holes just beyond.
    • The first player to fill the opposite triangle with their own pegs wins; a foreign peg left in your goal can be swapped out.
    • A player who resigns or runs out of time leaves the game; their pegs stay on the board and the others play on.
checkers-help = **Chinese checkers**: take your pegs across the star to the opposite triangle.
    • `/chinese-checkers new [players] [sets] [options]`: open a table for 2 to 6 players; others *Join*, anyone seated may *Add a computer*, and the host *Starts* (a full table starts by itself). A toss chooses who moves first, then play goes clockwise.
    • `/chinese-checkers challenge [opponent]`: a game of two; `/chinese-checkers play [level]`: play the computer right away.
    • On your turn, *Pick a move*: choose a peg, then where it goes (a step, or the end of a chain of hops, shown with its path `D2>F4>H6`); or type `/chinese-checkers move D2-F4`.
    • Each move has a time limit (shown under the board); whoever runs out of time leaves the game.
checkers-moved = { $player } moved { $path }.
checkers-passed = { $player } could not move and passed.
checkers-title = Chinese checkers
checkers-pegs-home = { $home } home
checkers-status-to-move = { $name } to move
checkers-status-won = { $names } won
checkers-footer = Moves: hole to hole, e.g. D2-F4
# A set's colour and where it starts. $triangle: 0 north … 5 north-west, clockwise.
checkers-colour = { $triangle ->
        [0] blue (north)
        [1] orange (north-east)
        [2] green (south-east)
        [3] red (south)
        [4] light blue (south-west)
       *[5] pink (north-west)
    }
checkers-detail-left = left the game
checkers-detail-place = { $place ->
        [1] 1st place
        [2] 2nd place
        [3] 3rd place
       *[other] { $place }th place
    }
checkers-peg = Peg { $hole }
checkers-step-to = Step to { $to }
checkers-hops-to = Hop to { $to } ({ $path })
checkers-pass = Pass (no move possible)
checkers-illegal = That move is not allowed: { $why }.
