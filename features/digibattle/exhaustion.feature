Feature: D. Regroup - running out of Online cards
  When the Online deck holds too few cards to restore the hand, the player draws it down to
  zero, sends ALL the cards on their side of the board except the Rookie Offline, shuffles them,
  puts them face down Online and draws the rest. Whenever, at any time during play, a player's
  Online deck goes down to zero (by their own action or the opponent's), they do the same
  before play resumes.

  "I" am player 0 and "my opponent" is player 1. The cards that are shuffled are the whole
  Offline pile (the default reading of DB-AMB-3; see ambiguities.feature for the other). The
  hand is not on the board and is never shuffled in. Card counts follow from the 30-card deck:
  whatever is not in the hand, Online or on the board is Offline.

  Rule: DB-D.2 Too few Online cards to restore the hand: draw to zero, recycle, draw the rest

    @DB-D.2
    Scenario: The Champion goes Offline, the Offline pile becomes the Online deck, I draw up to 10
      Given it is my turn to regroup
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds Palmon ST-09 and 5 other cards
      And my Online deck holds 2 cards
      # Offline: 30 - 2 on the Duel Zone - 6 in hand - 2 Online = 20 cards.
      When I restore my hand
      Then my hand holds 8 cards
      And my Duel Zone shows Agumon ST-01
      And a shuffle of my 21 cards is due
      When my cards are shuffled
      Then my hand holds 10 cards
      And my hand includes Palmon ST-09
      And my Online deck holds 19 cards
      And my Offline pile holds 0 cards
      And my Duel Zone shows Agumon ST-01

    @DB-D.2
    Scenario: With only the Rookie on the board, the Offline pile alone is reshuffled
      Given it is my turn to regroup
      And my Duel Zone shows Agumon ST-01
      And my hand holds 7 cards
      And my Online deck holds only Tentomon ST-07
      # Offline: 30 - 1 - 7 - 1 = 21 cards.
      When I restore my hand
      Then my hand includes Tentomon ST-07
      And a shuffle of my 21 cards is due
      When my cards are shuffled
      Then my hand holds 10 cards
      And my Online deck holds 19 cards
      And my Duel Zone shows Agumon ST-01

  Rule: DB-D.3 Whenever the Online deck reaches zero, the board except the Rookie is recycled

    @DB-D.3 @DB-B.3
    Scenario: A Digivolve payment takes my last two Online cards
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds 9 cards
      And my Online deck holds 2 cards
      # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Tentomon ST-07
      And my opponent's Digivolve Zone holds Kabuterimon ST-08 face down
      # Offline: 30 - 1 - 1 - 9 - 2 = 17; then the 2 paid cards and Greymon itself, which is
      # on the board when the Online deck reaches zero.
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      Then my Duel Zone shows Agumon ST-01
      And a shuffle of my 20 cards is due
      When my cards are shuffled
      Then my Online deck holds 20 cards
      And my Offline pile holds 0 cards
      And my hand holds 9 cards
      And it is my opponent's turn

    @DB-D.3 @DB-C.2
    Scenario: Digi-Duel's cost of three Online cards takes the last three
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds Digi-Duel ST-58 and 8 other cards
      And my Online deck holds 3 cards
      # Offline: 30 - 2 - 9 - 3 = 16; then the 3 paid cards, Greymon and Digi-Duel itself.
      When I play Digi-Duel ST-58
      Then my Duel Zone shows Agumon ST-01
      And my Power Port is empty
      And a shuffle of my 21 cards is due
      When my cards are shuffled
      Then my Online deck holds 21 cards
      And my hand holds 8 cards
      # Agumon against Red: 140.
      And my Digimon Power is 140
      And it is my opponent's turn

    @DB-D.3 @DB-C.4
    Scenario: My opponent's Blitz sends my last three Online cards Offline
      Given it is the Battle phase and my opponent goes first
      # Tentomon (100 against Red) loses the earlier Duels to Palmon (130 against Red), so my
      # opponent goes first (DB-C.7).
      And my Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds 9 cards
      And my Online deck holds 3 cards
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my opponent's hand holds Blitz ST-52 and 8 other cards
      # Kabuterimon against Yellow: 410; Nanimon against Red: 100. Blitz: "If you lose the Duel,
      # send opponent's top three Online cards Offline."
      # Offline: 30 - 2 - 9 - 3 = 16; then the 3 milled cards and Kabuterimon.
      When my opponent plays Blitz ST-52
      And I pass
      And my opponent passes
      Then I win the Duel
      And I score 100 points
      And my Duel Zone shows Tentomon ST-07
      And a shuffle of my 20 cards is due
      When my cards are shuffled
      Then my Online deck holds 20 cards
      And the phase is Regroup

    @DB-D.3 @DB-C.5
    Scenario: My opponent's Nanimon wins and sends my last Online card Offline
      Given it is the Battle phase and I go first
      And my Duel Zone shows Gabumon ST-05
      And my hand holds 10 cards
      And my Online deck holds 1 card
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      # Gabumon against Yellow: 150; Nanimon against Green: 220. Nanimon: "Send 1 card from
      # opponent's Online to Offline when this Digimon wins."
      # Offline: 30 - 1 - 10 - 1 = 18; then the milled card.
      When I pass
      And my opponent passes
      Then my opponent wins the Duel
      And my opponent scores 100 points
      And a shuffle of my 19 cards is due
      When my cards are shuffled
      Then my Online deck holds 19 cards
      And my Duel Zone shows Gabumon ST-05

    # DB-D.3: the cards "are shuffled and put face down Online, before play resumes". A
    # position given with the recycle shuffle due and the resume point written with only the
    # fields the state schema requires (phase, step, player to move): nothing is owed, so
    # after the shuffle play resumes where it stopped, nothing drawn or paid.
    @DB-D.3
    Scenario: A recycle due in the Battle phase: after the shuffle I play on, nothing drawn
      Given it is the Battle phase and I go first
      And my Duel Zone shows Gabumon ST-05
      And my hand holds 10 cards
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my Online deck has reached zero and the shuffle of my Offline pile is due
      And the position is loaded directly: not reached by play - the position planner stops at no shuffle due in the middle of a Duel; the resume point is written with the state schema's required fields only
      # Offline: 30 - 1 - 10 = 19.
      When my cards are shuffled
      Then my Online deck holds 19 cards
      And my Offline pile holds 0 cards
      And my hand holds 10 cards
      And my Duel Zone shows Gabumon ST-05
      And the phase is Battle
      And it is my turn

    # DB-D.3: the recycle comes "before play resumes", so play resumes where the recycle
    # stopped it: in the phase and at the step the position is in. A recycle due whose resume
    # point names another phase or step is no position of this game.
    @DB-D.3
    Scenario: A recycle due in the Battle phase whose play would resume in the Regroup phase is refused
      Given it is the Battle phase and I go first
      And my Duel Zone shows Gabumon ST-05
      And my hand holds 10 cards
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my Online deck has reached zero and the shuffle of my Offline pile is due
      And play is to resume after that shuffle in the Regroup phase at its discard step
      And the position is loaded directly: malformed state - a recycle resuming play in another phase than the one it stopped; play resumes where the recycle stopped it
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-D.3
    Scenario: A recycle due in the Digivolve phase's reveal whose play would resume at its prepare step is refused
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Gabumon ST-05
      And my hand holds 10 cards
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my Online deck has reached zero and the shuffle of my Offline pile is due
      And play is to resume after that shuffle in the Digivolve phase at its prepare step
      And the position is loaded directly: malformed state - a recycle resuming play at another step than the one it stopped; play resumes where the recycle stopped it
      When the game is set up
      Then the set-up is refused as invalid input

    # DB-D.3: play "resumes" after the recycle's shuffle; with no shuffle due, nothing is
    # waiting to resume, and a position that says otherwise is no position of this game.
    @DB-D.3
    Scenario: A position where I am to play in the Battle phase with a resume point is refused
      Given it is the Battle phase and I go first
      And my Duel Zone shows Gabumon ST-05
      And my hand holds 10 cards
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And the position names where play resumes after a recycle although no shuffle is due
      And the position is loaded directly: malformed state - a resume point with no recycle shuffle due; play resumes only after that shuffle
      When the game is set up
      Then the set-up is refused as invalid input

  Rule: DB-D.3 Both players' Online decks can run out in the same action

    @DB-D.3 @DB-C.4
    Scenario: Nanimon takes my opponent's last Online card while Blitz takes my last three
      # Gabumon (350 against Red) wins the earlier Duels against Palmon, so my opponent goes
      # first (DB-C.7).
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my hand holds 9 cards
      And my Online deck holds 3 cards
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's hand holds Blitz ST-52 and 9 other cards
      And my opponent's Online deck holds 1 card
      # Nanimon against Green: 220; Gabumon against Yellow: 150. Nanimon mills 1 of my
      # opponent's cards, Blitz 3 of mine: both decks reach zero in the last pass.
      # My opponent: 30 - 1 - 10 - 1 = 18 Offline, + 1 milled + Blitz = 20.
      # Me: 30 - 2 - 9 - 3 = 16 Offline, + 3 milled + Nanimon (recycled) = 20.
      When my opponent plays Blitz ST-52
      And I pass
      And my opponent passes
      Then I win the Duel
      And my Duel Zone shows Palmon ST-09
      And a shuffle of my opponent's 20 cards is due
      When my opponent's cards are shuffled
      Then a shuffle of my 20 cards is due
      When my cards are shuffled
      Then my Online deck holds 20 cards
      And my opponent's Online deck holds 20 cards
      And the phase is Regroup

  Rule: DB-D.1 Restoring the hand with an empty Online deck when the last card waited

    @DB-D.1 @DB-D.2 @DB-AMB-16
    Scenario Outline: My Online deck is empty at the Regroup and my hand holds <hand> cards (reading "wait")
      Given the reading "wait" of DB-AMB-16
      And it is my turn to regroup
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds <hand> cards
      And my Online deck holds 0 cards
      When I restore my hand
      Then my hand holds <hand> cards
      And my Duel Zone shows <zone>
      And <chance>

      # Offline: 30 - 2 - hand.
      Examples:
        | hand | zone                            | chance                          |
        | 10   | Greymon ST-02 over Agumon ST-01 | no chance outcome is due        |
        | 9    | Agumon ST-01                    | a shuffle of my 20 cards is due |

  Rule: DB-D.3 An Online deck already at zero does not go down to zero again

    # DB-D.3 recycles when the number of Online cards "goes down to zero": a change. A Regroup
    # draw with 10 cards in hand takes nothing (DB-D.1), so an Online deck that was already
    # empty does not go down to zero and nothing is recycled. Under "just-sent" of DB-AMB-3 an
    # exhaustion with nothing on the board but the Rookie leaves the Online deck empty; under
    # "whole-offline" only a loaded position has it so.
    @DB-D.1 @DB-D.3 @DB-AMB-3
    Scenario Outline: My Online deck is empty and my hand full at the Regroup (reading "<reading>"): nothing is drawn or recycled
      Given the reading "<reading>" of DB-AMB-3
      And it is my turn to regroup
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds 10 cards
      And my Online deck holds 0 cards
      # (My opponent shows a Rookie, as every player does after the set-up, DB-A.3.)
      And my opponent's Duel Zone shows Gabumon ST-05
      And the position is loaded directly: <loaded>
      # Offline: 30 - 2 - 10 = 18.
      When I restore my hand
      Then my hand holds 10 cards
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my Online deck holds 0 cards
      And my Offline pile holds 18 cards
      And no chance outcome is due

      Examples:
        | reading       | loaded                                                                                                                                                                                                                                     |
        | whole-offline | no legal game - under "whole-offline" an Online deck that reaches zero is recycled at once from the whole Offline pile (DB-D.3, DB-AMB-16 "recycle"), which a 30-card deck with 10 cards in hand and 2 in the Duel Zone never leaves empty |
        | just-sent     | not reached by play - under "just-sent" an Online deck stays empty only after an exhaustion with nothing on the board but the Rookie; the position search builds no game that then has Greymon in the Duel Zone at a Regroup               |

  Rule: DB-D.3 A payment that takes exactly the last Online cards

    @DB-D.3 @DB-B.3 @DB-AMB-2
    Scenario Outline: Greymon's payment of 2 with exactly 2 Online under "<reading>"
      Given the reading "<reading>" of DB-AMB-2
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds 9 cards
      And my Online deck holds 2 cards
      # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Tentomon ST-07
      # Offline: 30 - 1 - 1 - 9 - 2 = 17; + 2 paid + Greymon (recycled) = 20. Nothing is owed.
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      Then my Duel Zone shows Agumon ST-01
      And a shuffle of my 20 cards is due
      When my cards are shuffled
      Then my Online deck holds 20 cards
      And my Offline pile holds 0 cards

      Examples:
        | reading |
        | refuse  |
        | partial |
        | across  |
