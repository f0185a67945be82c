# Chinese checkers' part of the catalogue (English). Every id starts with `checkers-`: all
# parts share one bundle per language.

checkers-rules-name = standard
checkers-rules-summary = { $in_play ->
        [yes] **Rules of this game: standard Chinese checkers**
       *[no] **No game in this channel; Chinese checkers is played by the standard rules**
    }
    • Each player moves one peg a turn: a step to a neighbouring empty hole, or a chain of hops over single pegs into the empty holes just beyond.
    • The first player to fill the opposite triangle with their own pegs wins; a foreign peg left in your goal can be swapped out.
    • A player who resigns or runs out of time leaves the game; their pegs stay on the board and the others play on.
checkers-help = **Chinese checkers**: take your pegs across the star to the opposite triangle.
    • `/chinese-checkers challenge [opponent] [first]`: challenge someone (or anyone); `/chinese-checkers play [level]`: play the computer right away.
    • Pick your move from the menus under the board: each lists moves of your pegs as hole to hole, with the hops on the way (`D2>F4>H6`).
    • Each move has a time limit (shown under the board); whoever runs out of time leaves the game.
checkers-moved = { $player } moved { $path }.
checkers-passed = { $player } could not move and passed.
checkers-title = Chinese checkers
checkers-pegs-home = { $home } home
checkers-status-to-move = { $name } to move
checkers-status-won = { $names } won
checkers-footer = Moves: hole to hole, e.g. D2-F4
checkers-pick-move = Choose a move
checkers-illegal = That move is not allowed: { $why }.
