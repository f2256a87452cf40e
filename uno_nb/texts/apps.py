"""Texts of the notebook apps shared by several pages: steps, seeds, logs, tables."""

EN: dict[str, str] = {
    'app.back': '◀ Back',
    'app.step': 'Step ▶',
    'app.end': 'To the end ▶▶',
    'app.restart': '⟲ Restart',
    'app.seed': 'Seed',
    'app.turn': 'Move',
    'app.speed': 'Speed',
    'app.autoplay': 'Play the game by itself',
    'app.log': 'What happened',
    'app.move_of': 'move {index} of {total}',
    'app.start': 'The deal',
    'app.scores_title': 'Scores after each round',
    'app.in_hand_title': 'Points in each hand now',
    # -- the step-by-step app (GameStepper) -------------------------------------
    'app.autoplay_help': '▶ starts and pauses, ■ stops and goes back to the deal',
    'app.speed_slow': 'slow',
    'app.speed_normal': 'normal',
    'app.speed_fast': 'fast',
    'app.show_codes': 'Show card codes',
    'app.log_help': 'Newest move first; beside each line, the rule at work '
                    '(house rules in orange).',
    'app.log_move': 'Move {index}',
    # -- the table view (uno_nb.render): whole sentences, counts come written out
    'app.table_top': 'Top card: {card} · colour in force: {colour}',
    'app.table_no_top': 'No card on the discard pile yet',
    'app.table_clockwise': 'Play goes clockwise ↻',
    'app.table_counter': 'Play goes counter-clockwise ↺',
    'app.table_pile': 'Draw pile: {cards}',
    'app.table_hand': '{player}: {cards}',
    'app.table_face_down': 'card face down',
    'app.table_phase_turn': 'Round {round}: {player} to play',
    'app.table_phase_drawn': 'Round {round}: {player} drew a card that fits, '
                             'and may play it or keep it',
    'app.table_phase_penalty': 'Round {round}: {player} must draw {cards}, '
                               'unless the rules let them answer',
    'app.table_phase_colour': 'Round {round}: {player} chooses the colour of the Wild start card',
    'app.table_phase_round_over': 'Round {round} is over: {player} deals the next round',
    'app.table_phase_game_over': 'The game is over: {player} wins',
    'app.table_phase_swap': 'Round {round}: {player} chooses whom to swap hands with',
    'app.table_phase_exchange': 'Round {round}: {player} may exchange a card with another player',
    'app.table_phase_give': 'Round {round}: {player} chooses the card to give',
    'app.table_phase_ready': 'Round {round}: play waits until {player} says "Ready"',
    # -- the scoring panel (ScoringPanel) ---------------------------------------
    'app.scores_x': 'Round',
    'app.scores_y': 'Points',
    'app.scores_start': 'start',
    'app.scores_hover': '{player}: {shown} {count|point|points} after round {round}',
    'app.scores_hover_start': '{player}: {shown} {count|point|points} at the start',
    'app.scores_target': 'Target: {shown} points',
    'app.scores_caption_winner': "Each line is one player's total. It climbs only in the rounds "
                                 "that player wins, by the points left in the other hands; the "
                                 "first to reach the dashed line, {target} points, wins the game.",
    'app.scores_caption_penalty': "Each line is one player's total of the cards left in their own "
                                  "hand at the end of each round, so every line climbs; when one "
                                  "reaches the dashed line, {target} points, the lowest line wins.",
    'app.scores_caption_lazy': 'Lazy scoring keeps no tally: every line stays at 0, and the winner '
                               'of each round starts the next one.',
    'app.in_hand_x': 'Player',
    'app.in_hand_y': 'Points',
    'app.in_hand_hover': '{player} holds {cards} worth {shown} {count|point|points}',
    'app.in_hand_caption_winner': 'Each bar is what the cards in one hand are worth now: number '
                                  'cards their face value, Skip, Reverse and Draw Two 20 each, '
                                  'black cards 50. The player who goes out scores all the other '
                                  'bars.',
    'app.in_hand_caption_penalty': 'Each bar is what the cards in one hand are worth now: number '
                                   'cards their face value, Skip, Reverse and Draw Two 20 each, '
                                   'black cards 50. When the round ends, every player adds their '
                                   'own bar to their total.',
    'app.in_hand_caption_lazy': 'Each bar is what the cards in one hand are worth now: number '
                                'cards their face value, Skip, Reverse and Draw Two 20 each, '
                                'black cards 50. When the round ends, the player with the tallest '
                                'bar deals the next one.',
    'app.scores_none': 'No round is over yet.',
    'app.scores_leads': 'After {rounds} {rounds|round|rounds}, {player} leads with {shown} '
                        '{count|point|points}; the first to {target} points wins.',
    'app.scores_tied': 'After {rounds} {rounds|round|rounds}, the lead of {shown} '
                       '{count|point|points} is shared; the first to {target} points wins.',
    'app.scores_leads_low': 'After {rounds} {rounds|round|rounds}, {player} has the lowest '
                            'total, {shown} {count|point|points}; the game ends when someone '
                            'reaches {target} points.',
    'app.scores_tied_low': 'After {rounds} {rounds|round|rounds}, the lowest total, {shown} '
                           '{count|point|points}, is shared; the game ends when someone '
                           'reaches {target} points.',
    'app.scores_lazy': 'After {rounds} {rounds|round|rounds} of lazy scoring nobody keeps '
                       'points; {player} won the last round and starts the next.',
    'app.scores_won': '{player} wins the game after {rounds} {rounds|round|rounds}, with {shown} '
                      '{count|point|points}.',
    'app.scores_won_low': '{player} wins the game after {rounds} {rounds|round|rounds}, with '
                          'the lowest total: {shown} {count|point|points}.',
    'app.scores_won_lazy': '{player} wins the game after {rounds} {rounds|round|rounds}, '
                           'having won the most rounds.',
    'app.scores_totals': 'Totals — {totals}.',
    'app.scores_total_item': '{player}: {shown}',
    'app.scores_table_round': 'Round',
    'app.scores_table_winner': 'Went out',
    'app.scores_cell_up': '{total} (+{gain})',
    'app.scores_cell_down': '{total} (−{gain})',
    'app.scores_table_caption': "Each row is one round: who went out first, and every player's "
                                "total after it; in brackets, what that round added.",
    'app.round_points_title': 'Points scored by the winner of a round',
    'app.round_points_x': 'Points scored in the round',
    'app.round_points_y': 'Games',
    'app.round_points_hover': 'Points scored: {points} · games: {games}',
    'app.round_points_caption': 'Each bar counts the games whose winner scored that many points '
                                'in a round ({games} {count|game|games} in all). The middle half '
                                'of them brought between {low} and {high} points; the long tail '
                                'on the right are rounds in which the others were left holding '
                                'black and action cards.',
}
