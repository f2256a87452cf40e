"""The kernel's numbers for the engine's names.  GENERATED: do not edit.

Written by ``python -m uno_nb.kernel.generate`` (:mod:`uno_nb.kernel.generate`) from the
engine's phases, move kinds, ranks, counted rule ids and rule options;
run it again after changing any of them (tests/test_kernel_mirror.py
fails until the file is the one it writes)."""

# phases: engine.state.Phase (P_: COLOUR, SWAP, GIVE and READY name moves too)
P_TURN = 0
P_DRAWN = 1
P_PENALTY = 2
P_COLOUR = 3
P_ROUND_OVER = 4
P_GAME_OVER = 5
P_SWAP = 6
P_EXCHANGE = 7
P_GIVE = 8
P_READY = 9

# move kinds: engine.moves.MoveKind
PLAY = 0
DRAW = 1
PASS = 2
CHALLENGE = 3
UNO = 4
CATCH = 5
COLOUR = 6
DEAL = 7
SWAP = 8
GIVE = 9
READY = 10
SPEAK = 11
ADVISE = 12
SLOW = 13

# rank codes: a rank's place among engine.cards' ranks (numbers, action, black, H2O)
RK_S = 10
RK_R = 11
RK_P2 = 12
RK_W = 13
RK_W4 = 14
RK_W10 = 15
RK_P1 = 16
RK_W2 = 17
RANKS = ('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'S', 'R', '+2', 'W', 'W+4', 'W+10', '+1', 'W+2')  # every rank, at its code (layout's card tables read it)

# counted rule ids: a rule's place in a game's fired row (engine.state.COUNTED_RULES)
F_R_CHALLENGE = 0
F_R_CHALLENGE_INNOCENT = 1
F_R_DRAW = 2
F_R_DRAW2 = 3
F_R_OUT = 4
F_R_RESHUFFLE = 5
F_R_REVERSE = 6
F_R_SKIP = 7
F_R_UNO = 8
F_R_W4 = 9
F_R_WILD = 10
F_T_UNO_CATCH = 11
F_R_START_EFFECT = 12
F_V_START_NUMBER = 13
F_V_PLAY_DRAWN_MUST = 14
F_V_DRAW_UNTIL_PLAYABLE = 15
F_R_W4_BLUFF = 16
F_V_W4_ANYTIME = 17
F_V_MISPLAY_PENALTY = 18
F_V_UNO_PENALTY_4 = 19
F_V_TWO_PLAYER_SKIP = 20
F_R_CHALLENGE_GUILTY = 21
F_R_CHALLENGE_GUILTY_STD = 22
F_V_DEFLECT_2 = 23
F_V_W4_SAVE_2 = 24
F_V_STACK = 25
F_V_STACK_MIXED = 26
F_V_REVERSE_BOUNCE = 27
F_V_PLUS10 = 28
F_V_JUMP_IN = 29
F_R_SKIP_ANSWER = 30
F_V_DOUBLES = 31
F_V_SEVEN_ZERO = 32
F_V_SWAP_FIVE = 33
F_V_COLOUR_WHEEL = 34
F_V_SCORE_PENALTY = 35
F_V_LAZY = 36
F_V_DROP_ZERO = 37
F_V_TO_THE_LAST = 38
F_V_SEVEN_ROUNDS = 39
F_V_H2O = 40
F_T_UNO_CENTER = 41
F_T_SILENT_TWOS = 42
F_T_ADVICE = 43
F_T_READY = 44

# rule options: an option's place in a rules row (RuleSet.option_names())
O_START_CARD = 0
O_DRAW_ANYTIME = 1
O_PLAY_DRAWN = 2
O_DRAW_UNTIL_PLAYABLE = 3
O_W4_BLUFF = 4
O_W4_ANYTIME = 5
O_MISPLAY_PENALTY = 6
O_UNO_PENALTY = 7
O_TWO_PLAYER_SKIP = 8
O_CHALLENGE = 9
O_DEFLECT_2 = 10
O_W4_SAVE_2 = 11
O_STACK = 12
O_STACK_MIXED = 13
O_REVERSE_BOUNCE = 14
O_PLUS10 = 15
O_JUMP_IN = 16
O_DOUBLES = 17
O_SEVEN_ZERO = 18
O_SWAP_FIVE = 19
O_COLOUR_WHEEL = 20
O_SCORING = 21
O_TARGET_SCORE = 22
O_DROP_ZERO = 23
O_TO_THE_LAST = 24
O_SEVEN_ROUNDS = 25
O_H2O = 26
O_UNO_CENTER = 27
O_SILENT_TWOS = 28
O_SILENT_BLACK = 29
O_ADVICE = 30
O_READY = 31

# choices: a value's place among its option's choices (RuleSet.options())
START_EFFECT = 0
START_NUMBER = 1
CHALLENGE_STD = 0
CHALLENGE_RETURN = 1
SCORE_WINNER = 0
SCORE_PENALTY = 1
SCORE_LAZY = 2

# derived flags (RuleSet properties), after the options in a rules row
D_BLUFF_OK = 32
D_ANSWERS = 33
D_SLOW = 34
D_TALK = 35
D_MUST_PLAY = 36
D_DECK = 37
NRULES = 38
NFIRED = 45
