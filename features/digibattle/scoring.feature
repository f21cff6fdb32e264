Feature: C. Battle - winning the Duel, scoring and winning the game
  When play stops, the player displaying the most Digimon Power wins the Duel and scores the
  points that the SCORE section of their winning card gives for the level of the defeated
  Digimon. The winner keeps their Digimon; the loser sends all but the Rookie Offline; every
  Power Option card goes Offline. The winner goes first in the next Duel. A tie scores nothing.
  The first player to reach 1000 points (or a lower target agreed before the game) wins.

  "I" am player 0 and "my opponent" is player 1. Each expected number is read off the printed
  cards: a Digimon's power chart entry for the opponent's Battle Type, plus the Power Options
  played; the SCORE chart of the winning card for the defeated Digimon's level.

  Rule: DB-C.4 When play stops, the higher Digimon Power wins the Duel

    @DB-C.4
    Scenario: The higher Digimon Power wins when both players pass
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      # Greymon against Green: 340. Garurumon against Red: 410.
      When I pass
      And my opponent passes
      Then my opponent wins the Duel
      And my opponent scores 100 points
      And I score 0 points

    @DB-C.4 @DB-C.2
    Scenario: Power Option cards turn the Duel around
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Birdramon ST-04 over Biyomon ST-03
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      And my opponent's hand holds Metal Attack ST-53, Patamon ST-13 and 7 other cards
      # Birdramon against Green: 360. Garurumon against Green: 330.
      When my opponent plays Metal Attack ST-53 sending Patamon ST-13 Offline
      Then my Digimon Power is 360 against my opponent's 380
      When I play Metal Attack ST-53 sending Palmon ST-09 Offline
      Then my Digimon Power is 410 against my opponent's 380
      When my opponent passes
      And I pass
      Then I win the Duel

    @DB-C.4 @DB-C.5
    Scenario: A Rookie can defeat a Champion
      Given it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      # Agumon against Yellow: 380. Nanimon against Red: 100.
      When I pass
      And my opponent passes
      Then I win the Duel
      And I score 200 points

    @DB-C.4 @DB-A.2 @DB-B.1 @DB-B.2 @DB-C.6
    Scenario: A whole first Duel, from the shuffles to the score
      Given a new game with the Starter decks
      When I choose Agumon ST-01 as my Rookie
      And my opponent chooses Gabumon ST-05 as their Rookie
      And my cards are shuffled with Greymon ST-02, Metal Attack ST-53 and Palmon ST-09 on top
      And my opponent's cards are shuffled with Garurumon ST-06 on top
      Then my hand includes Greymon ST-02, Metal Attack ST-53 and Palmon ST-09
      When I put Greymon ST-02 face down on my Digivolve Zone
      And my opponent puts Garurumon ST-06 face down on their Digivolve Zone
      And the coin toss is won by me
      And I Digivolve into Greymon ST-02 paying 2 cards from Online
      And my opponent Digivolves into Garurumon ST-06 paying 2 cards from Online
      # Greymon against Green: 340. Garurumon against Red: 410.
      Then the phase is Battle
      And my Digimon Power is 340 against my opponent's 410
      When I play Metal Attack ST-53 sending Palmon ST-09 Offline
      And my opponent passes
      And I pass
      Then my opponent wins the Duel
      And my opponent scores 100 points
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And the phase is Regroup

  Rule: DB-C.5 The winner scores from its SCORE chart for the defeated Digimon's level

    # My opponent goes first: an Ultimate or Mega Digivolves in this Duel, its DIGIVICE or
    # DNA partner on the Power Port (DB-B.3), after the Digimon under it won the Duel before
    # (DB-C.7; against Octomon and MarineDevimon my side lost with Champions Digivolved for
    # those Duels); against Agumon or Greymon, SkullGreymon would lose any Duel it could be
    # kept from.
    @DB-C.5
    Scenario Outline: Greymon's SCORE chart: <points> points for defeating a <level>
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows <defeated>
      And my opponent's Power Port <port>
      When my opponent passes
      And I pass
      Then I win the Duel
      And I score <points> points
      And my opponent scores 0 points

      # Greymon (Red) against Yellow: 420. Each opponent below is Yellow and weaker against Red.
      Examples:
        | level    | defeated                                                                     | port                                  | points |
        | Rookie   | Kunemon ST-18                                                                | is empty                              | 100    |
        | Champion | Nanimon ST-15 over Palmon ST-09                                              | is empty                              | 100    |
        | Ultimate | SkullGreymon ST-32 over Kabuterimon ST-08 over Tentomon ST-07                | holds Digivice Green & Yellow ST-60   | 200    |
        | Mega     | Pukumon ST-40 over MarineDevimon ST-39 over Octomon ST-37 over Gomamon ST-11 | holds Zudomon ST-38                   | 300    |

    @DB-C.5
    Scenario: The points come from the winner's card, not the loser's
      Given it is the Battle phase and I go first
      And my Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      # Nanimon against Green: 220. Garurumon against Yellow: 180.
      # Nanimon's SCORE gives 200 for a Champion; Garurumon's would give 100.
      When I pass
      And my opponent passes
      Then I win the Duel
      And I score 200 points

    # Agumon won the first Duels against Palmon (140 against 130); then Angemon won them
    # against Agumon (200 against 140), so my opponent goes first. Greymon has 220 against
    # Red, Angemon 200.
    @DB-C.5
    Scenario: Points are added to the score already on the counter
      Given it is the Battle phase and my opponent goes first
      And my score is 300
      And my opponent's score is 500
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Angemon ST-14 over Palmon ST-09
      When my opponent passes
      And I pass
      Then my score is 400
      And my opponent's score is 500

  Rule: DB-C.6 Winner keeps its Digimon; loser keeps only the Rookie; Power Options go Offline

    @DB-C.6
    Scenario: After the Duel the loser keeps only the Rookie and all Power Options go Offline
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my hand holds Metal Attack ST-53, Biyomon ST-03 and 7 other cards
      And my opponent's hand holds Metal Attack ST-53, Tentomon ST-07 and 7 other cards
      When I play Metal Attack ST-53 sending Biyomon ST-03 Offline
      And my opponent plays Metal Attack ST-53 sending Tentomon ST-07 Offline
      And I pass
      And my opponent passes
      Then I win the Duel
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Palmon ST-09
      And my Power Port is empty
      And my opponent's Power Port is empty
      And my Offline pile includes Metal Attack ST-53 and Biyomon ST-03
      And my opponent's Offline pile includes Nanimon ST-15, Metal Attack ST-53 and Tentomon ST-07

    @DB-C.6
    Scenario: A defeated Rookie stays on the Duel Zone
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Kunemon ST-18
      When I pass
      And my opponent passes
      Then my opponent's Duel Zone shows Kunemon ST-18

    @DB-C.6
    # SkullGreymon Digivolves in this Duel, with its DIGIVICE on the Power Port (DB-B.3): it
    # would lose any earlier Duel to Agumon or Greymon. Kabuterimon won the Duel before, so
    # my opponent goes first (DB-C.7).
    Scenario: A defeated Ultimate goes Offline with the Champion under it
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows SkullGreymon ST-32 over Kabuterimon ST-08 over Tentomon ST-07
      And my opponent's Power Port holds Digivice Green & Yellow ST-60
      And my opponent's Offline pile holds 2 cards
      When my opponent passes
      And I pass
      Then my opponent's Duel Zone shows Tentomon ST-07
      And my opponent's Offline pile holds 5 cards
      And my opponent's Offline pile includes SkullGreymon ST-32 and Kabuterimon ST-08

  Rule: DB-C.7 The winner goes first in the next Duel

    @DB-C.7
    Scenario: The second player wins and goes first in the next Duel
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When I pass
      And my opponent passes
      Then my opponent wins the Duel
      And my opponent goes first in the next Duel

    @DB-C.7
    Scenario: The first player wins and goes first again
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      Then I win the Duel
      And I go first in the next Duel

  Rule: DB-C.8 Tie: Digimon stay, Power Options go Offline, no points, same first player

    @DB-C.8
    Scenario: A tie in the first Duel: no points, Digimon stay, the coin-toss winner goes first
      Given it is the Battle phase and I go first
      And I won the coin toss
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      And my opponent's hand holds Metal Attack ST-53, Biyomon ST-03 and 7 other cards
      # Greymon against Red: 220 on both sides; +50 each.
      When I play Metal Attack ST-53 sending Palmon ST-09 Offline
      And my opponent plays Metal Attack ST-53 sending Biyomon ST-03 Offline
      Then my Digimon Power is 270 against my opponent's 270
      When I pass
      And my opponent passes
      Then the Duel is a tie
      And nobody scores
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my Power Port is empty
      And my opponent's Power Port is empty
      And my Offline pile includes Metal Attack ST-53
      And my opponent's Offline pile includes Metal Attack ST-53
      And I go first in the next Duel

    @DB-C.8
    Scenario: After a tie the winner of the previous Duel goes first again
      Given this is Duel 3
      And my opponent won the last Duel
      And it is the Battle phase and my opponent goes first
      And I won the coin toss
      # My opponent's Greymon won the earlier Duels against my Agumon; mine ties with it now.
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      When my opponent passes
      And I pass
      Then the Duel is a tie
      And nobody scores
      And my opponent goes first in the next Duel

    @DB-C.8
    Scenario: Bakemon sends the opponent's Digimon Offline when the Duel ends in a tie
      Given it is the Battle phase and I go first
      And my Duel Zone shows Bakemon ST-45 over DemiDevimon ST-42
      And my opponent's Duel Zone shows Vilemon BO-20 over DemiDevimon ST-42
      # Bakemon against Yellow: 370. Vilemon against Yellow: 370.
      When I pass
      And my opponent passes
      Then the Duel is a tie
      And nobody scores
      And my Duel Zone shows Bakemon ST-45 over DemiDevimon ST-42
      And my opponent's Duel Zone shows DemiDevimon ST-42
      And my opponent's Offline pile includes Vilemon BO-20

    @DB-C.8
    Scenario: A Rookie with Bakemon's effect, showing alone, sends my opponent's Digimon Offline on a tie
      # Bakemon ST-45's effect, "Send opponent's Digimon offline when Duel ends in a tie", on a
      # made-up Rookie that shows alone on my Duel Zone (no Digimon under it). Its numbers are
      # placeholders that make the tie.
      Given a card that is not in the bundled card set:
        | serial                 | EX-07                                                          |
        | name                   | Bakemonling                                                    |
        | kind                   | digimon                                                        |
        | level                  | Rookie                                                         |
        | battle_type            | Yellow                                                         |
        | power                  | {"Red": 420, "Green": 100, "Yellow": 100}                      |
        | score                  | {"Rookie": 100, "Champion": 200, "Ultimate": 300, "Mega": 400} |
        | digivolve_requirements | []                                                             |
        | effects                | [{"kind": "opponent_digimon_offline_on_tie"}]                  |
      And it is the Battle phase and I go first
      And my Duel Zone shows Bakemonling EX-07
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      # Bakemonling against Red: 420. Greymon against Yellow: 420.
      When I pass
      And my opponent passes
      Then the Duel is a tie
      And nobody scores
      And my Duel Zone shows Bakemonling EX-07
      And my opponent's Duel Zone shows Agumon ST-01
      And my opponent's Offline pile includes Greymon ST-02

  Rule: DB-C.9 The first player to reach the target score (1000 or lower, agreed) wins

    @DB-C.9
    Scenario: Reaching exactly 1000 points wins the game
      Given it is the Battle phase and I go first
      And my score is 900
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      Then my score is 1000
      And the game is over and I win

    @DB-C.9
    Scenario: Going past 1000 points wins the game
      Given it is the Battle phase and I go first
      And my score is 900
      # (900, not a score between: every SCORE chart value is a multiple of 100, DB-C.5)
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      Then my score is 1100
      And the game is over and I win

    @DB-C.9
    Scenario: A lower target agreed before the game: 500 points win
      Given the target score is 500
      # Gabumon won the earlier Duels against Agumon (350 against 230), 100 points each.
      And it is the Battle phase and my opponent goes first
      And my opponent's score is 400
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When my opponent passes
      And I pass
      Then my opponent's score is 500
      And the game is over and my opponent wins

    @DB-C.9
    Scenario: Below the target the game goes on to Regroup
      Given it is the Battle phase and I go first
      And my score is 800
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      Then my score is 900
      And the game goes on
      And the phase is Regroup

    # Targets that are not multiples of 100 (DB-C.9 allows any agreed target; every score of
    # the shipped cards is a multiple of 100): an engine that ends the game at target - 1,
    # or compares with > instead of >=, fails one of these.
    @DB-C.9 @DB-C.5
    Scenario Outline: Duel points against the agreed target <target>
      Given the target score is <target>
      And it is the Battle phase and I go first
      And my score is 800
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      Then my score is 900
      And <outcome>

      Examples:
        | target | outcome                       |
        | 901    | the game goes on              |
        | 899    | the game is over and I win    |
        | 900    | the game is over and I win    |

    @DB-C.9 @DB-B.3n
    Scenario Outline: Digivolve points against the agreed target <target>
      Given the target score is <target>
      And it is the Digivolve phase and I go first
      And my score is 400
      And my Duel Zone shows MarineDevimon ST-39 over Octomon ST-37 over Gomamon ST-11
      And my Digivolve Zone holds Pukumon ST-40 face down
      And my hand holds Zudomon ST-38 and 8 other cards
      # Octomon and MarineDevimon won the Duels before against Gabumon (150 against Yellow).
      And my opponent's Duel Zone shows Gabumon ST-05
      When I DNA Digivolve into Pukumon ST-40 with Zudomon ST-38
      Then my score is 700
      And <outcome>

      Examples:
        | target | outcome                       |
        | 701    | the game goes on              |
        | 700    | the game is over and I win    |

    @DB-C.9
    Scenario: Nothing can be played once the game is won
      Given it is the Battle phase and I go first
      And my score is 900
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      And my opponent tries to restore their hand
      Then the action is refused for DB-C.9

    @DB-C.9
    Scenario: A target above 1000 points is refused
      Given the target score is 1200
      And it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      When the game is set up
      Then the set-up is refused

    @DB-C.9
    Scenario: A target of 1001 points is refused
      # DB-C.9: the target is 1000 points or a lower one the players agreed; 1001 is neither
      # (1 … 1000).
      Given the target score is 1001
      And it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-C.9
    Scenario: A target of 0 points is refused
      # DB-C.9: the game is won by the first player to reach the target; a target of 0 is
      # reached before anybody plays, so no game is agreed on it (1 … 1000).
      Given the target score is 0
      And it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-C.9 @DB-D.3
    Scenario: The Duel that wins the game empties my Online deck: nothing is recycled
      # Nanimon ST-15 against Green: 220; Gabumon against Yellow: 150. Nanimon's SCORE for a
      # Rookie, 100, reaches the target, and "Send 1 card from opponent's Online to Offline
      # when this Digimon wins" takes my last Online card: the game is over, so no recycle
      # (DB-D.3) is due.
      Given the target score is 100
      And it is the Battle phase and my opponent goes first
      And my Duel Zone shows Gabumon ST-05
      And my Online deck holds 1 card
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When my opponent passes
      And I pass
      Then the game is over and my opponent wins
      And no chance outcome is due

    @DB-C.9 @DB-C.5
    Scenario: A target of 1 point: the first Duel won ends the game
      # The lowest target the players may agree: Gabumon wins the first Duel against Agumon
      # (350 against 140 against Green and Red) and its 100 points pass the target.
      Given the target score is 1
      And it is the Battle phase and my opponent goes first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      When my opponent passes
      And I pass
      Then my opponent's score is 100
      And the game is over and my opponent wins

  Rule: DB-C.ex EXAMPLE C, played out with real cards

    # The seed's EXAMPLE C: FORCE FX/GREEN OFFENSIVE changes the opponent's Digimon Power to
    # their (GREEN) value: 390 against my 370; POWER BLAST/METAL ATTACK adds 50: 420 against
    # 390; the opponent passes and I win; the defeated Digimon was a Champion and my card's
    # SCORE gives 100 for "C".
    #
    # POWER BLAST/METAL ATTACK is Metal Attack ST-53 of the bundled set (+50; its Use
    # Requirement sends one card from the hand Offline). FORCE FX/GREEN OFFENSIVE is not in the
    # bundled set, and the closed effect vocabulary has no "change your Digimon Power to your
    # (GREEN) value" effect. It is modelled for this match-up only, as add_power +120:
    # Gekomon ST-27's (GREEN) value is 390 and its power against my Red Ikkakumon is 270, so
    # "change to (GREEN)" is +120 here. My Ikkakumon ST-12 (Red) shows 370 against a Yellow
    # opponent, and its SCORE gives 100 for a Champion.
    Background:
      Given a card that is not in the bundled card set:
        | serial      | EX-01                                                                    |
        | name        | Green Offensive                                                          |
        | kind        | power_option                                                             |
        | option_type | POWER BLAST                                                              |
        | effects     | [{"kind": "add_power", "amount": 120}]                                   |
        | text        | FORCE FX/GREEN OFFENSIVE: change your Digimon Power to (GREEN); modelled as +120 for Gekomon against Red |
      And it is the Battle phase and my opponent goes first
      And my Duel Zone shows Ikkakumon ST-12 over Gomamon ST-11
      And my opponent's Duel Zone shows Gekomon ST-27 over Tentomon ST-07
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      And my opponent's hand holds Green Offensive EX-01 and 8 other cards

    @DB-C.ex @DB-C.4 @DB-C.5
    Scenario: EXAMPLE C: 390 against 370, Metal Attack makes it 420 against 390, I score 100
      Then my Digimon Power is 370 against my opponent's 270
      When my opponent plays Green Offensive EX-01
      Then my Digimon Power is 370 against my opponent's 390
      When I play Metal Attack ST-53 sending Palmon ST-09 Offline
      Then my Digimon Power is 420 against my opponent's 390
      When my opponent passes
      And I pass
      Then I win the Duel
      And I score 100 points
      And my opponent scores 0 points
      And my opponent's Duel Zone shows Tentomon ST-07

    @DB-C.ex @DB-C.4
    Scenario: EXAMPLE C without the answer: the opponent's 390 beats my 370
      When my opponent plays Green Offensive EX-01
      And I pass
      And my opponent passes
      Then my opponent wins the Duel
      And my opponent scores 100 points
      And my Duel Zone shows Gomamon ST-11
