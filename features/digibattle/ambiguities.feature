Feature: Ambiguities - one outcome per reading
  Where the rule text allows more than one reading, the project names every reading
  (oracle/variants.py, DB-AMB-1 ...) and a game picks one through its set-up's "variants".
  Each Rule below is one ambiguity; its Scenario Outline sets the reading and its Examples
  give the expected outcome under each reading, so that a report can say which reading an
  implementation follows instead of failing it for a reading the text allows.

  "I" am player 0 and "my opponent" is player 1. Expected numbers are read off the printed cards
  and the readings' own descriptions.

  @DB-AMB-1 @DB-B.3
  Rule: DB-AMB-1 Where the Rookie-to-Champion payment comes from: Online or the hand

    Background:
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds Palmon ST-09, Biyomon ST-03 and 7 other cards
      And my Online deck holds 19 cards
      And my opponent's Duel Zone shows Gabumon ST-05

    Scenario Outline: Greymon's payment of 2 cards under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-1
      When I Digivolve into Greymon ST-02 <payment>
      Then my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my Online deck holds <online> cards
      And my hand holds <hand> cards

      Examples:
        | reading | payment                                            | online | hand |
        | online  | paying 2 cards from Online                         | 17     | 9    |
        | hand    | paying Palmon ST-09 and Biyomon ST-03 from my hand | 19     | 7    |
        | choice  | paying 2 cards from Online                         | 17     | 9    |
        | choice  | paying Palmon ST-09 and Biyomon ST-03 from my hand | 19     | 7    |

    Scenario Outline: A payment from the other source is refused under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-1
      When I try to Digivolve into Greymon ST-02 <payment>
      Then the action is refused for DB-B.3

      Examples:
        | reading | payment                                            |
        | online  | paying Palmon ST-09 and Biyomon ST-03 from my hand |
        | hand    | paying 2 cards from Online                         |

  @DB-AMB-2 @DB-B.3 @DB-D.3
  Rule: DB-AMB-2 A payment larger than what is left Online

    Background:
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds 9 cards
      And my Online deck holds 1 card
      And my opponent's Duel Zone shows Tentomon ST-07
      And my opponent's Digivolve Zone holds Kabuterimon ST-08 face down
      # Greymon asks for 2 cards; 1 is Online. Offline: 30 - 1 - 1 - 9 - 1 = 18.

    Scenario Outline: Paying 2 cards with 1 Online under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-2
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      Then <what happens>

      # partial and across: the one card is paid, the Online deck reaches zero, and the board
      # except the Rookie (Greymon, just turned over) goes Offline: 18 + 1 + 1 = 20 cards.
      Examples:
        | reading | what happens                     |
        | partial | a shuffle of my 20 cards is due  |
        | across  | a shuffle of my 20 cards is due  |

    Scenario: Paying 2 cards with 1 Online under the reading "refuse"
      Given the reading "refuse" of DB-AMB-2
      And the position is loaded directly: no legal game - under "refuse" Greymon is not prepared with 1 card Online (DB-B.0: its payment of 2 cannot be made), and nothing is paid or drawn between a Regroup preparation and the first reveal of the next Duel
      When I try to Digivolve into Greymon ST-02 paying 2 cards from Online
      Then the action is refused for DB-B.3

    Scenario Outline: After the reshuffle the rest of the payment is <rest> under "<reading>"
      Given the reading "<reading>" of DB-AMB-2
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      And my cards are shuffled
      Then my Duel Zone shows Agumon ST-01
      And my Online deck holds <online> cards
      And my Offline pile holds <offline> cards

      Examples:
        | reading | rest      | online | offline |
        | partial | forgiven  | 20     | 0       |
        | across  | paid      | 19     | 1       |

  @DB-AMB-3 @DB-D.3
  Rule: DB-AMB-3 Which cards are shuffled to make the new Online deck

    Scenario Outline: Digi-Duel takes the last 3 Online cards; the new Online deck under "<reading>"
      Given the reading "<reading>" of DB-AMB-3
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds Digi-Duel ST-58 and 8 other cards
      And my Online deck holds 3 cards
      # Offline before: 30 - 2 - 9 - 3 = 16. Sent from the board: Greymon and Digi-Duel.
      When I play Digi-Duel ST-58
      Then a shuffle of my <shuffled> cards is due
      When my cards are shuffled
      Then my Online deck holds <online> cards
      And my Offline pile holds <offline> cards

      Examples:
        | reading       | shuffled | online | offline |
        | whole-offline | 21       | 21     | 0       |
        | just-sent     | 2        | 2      | 19      |

  @DB-AMB-4 @DB-B.3 @DB-B.7
  Rule: DB-AMB-4 DNA partners below the level just under the new card

    # Modelled on Tekkamon (DNA Digivolve from Snimon and Goburimon, a Champion and a Rookie).
    # Tekkamon and Goburimon are not in the bundled set: Gotsumon ST-23 stands in for Goburimon,
    # and the numbers of the card below are placeholders that no step reads.
    Background:
      Given a card that is not in the bundled card set:
        | serial                 | EX-02                                                                  |
        | name                   | Tekkamon                                                               |
        | kind                   | digimon                                                                |
        | level                  | Ultimate                                                               |
        | battle_type            | Red                                                                    |
        | power                  | {"Red": 300, "Green": 400, "Yellow": 450}                              |
        | score                  | {"Rookie": 100, "Champion": 100, "Ultimate": 100, "Mega": 200}         |
        | digivolve_requirements | [{"kind": "dna", "partners": [{"name": "Snimon"}, {"name": "Gotsumon"}]}] |
      And it is the Digivolve phase and I go first
      And my Digivolve Zone holds Tekkamon EX-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05

    Scenario Outline: DNA Digivolve with <partner> from the hand under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-4
      And my Duel Zone shows <zone>
      # Ultra Digivolve ST-56 in the hand is what lets Tekkamon be prepared over Snimon under
      # every reading (DB-B.3n); the scenario DNA Digivolves all the same.
      And my hand holds <partner>, Ultra Digivolve ST-56 and 7 other cards
      When I DNA Digivolve into Tekkamon EX-02 with <partner>
      Then <outcome>

      Examples:
        | reading | zone                           | partner        | outcome                                                                  |
        | strict  | Snimon BO-25 over Gabumon ST-05 | Gotsumon ST-23 | the action is refused for DB-B.3                                         |
        | either  | Snimon BO-25 over Gabumon ST-05 | Gotsumon ST-23 | my Duel Zone shows Tekkamon EX-02 over Snimon BO-25 over Gabumon ST-05 |
        | either  | Gotsumon ST-23                 | Snimon BO-25   | my Duel Zone shows Tekkamon EX-02 over Gotsumon ST-23                    |
        | partner-lower | Snimon BO-25 over Gabumon ST-05 | Gotsumon ST-23 | my Duel Zone shows Tekkamon EX-02 over Snimon BO-25 over Gabumon ST-05 |

    # Under "strict" and "partner-lower" Tekkamon is not prepared over the Rookie Gotsumon in
    # the first place, so these two positions are loaded.
    Scenario Outline: DNA Digivolve with Snimon BO-25 from the hand under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-4
      And my Duel Zone shows Gotsumon ST-23
      And my hand holds Snimon BO-25, Ultra Digivolve ST-56 and 7 other cards
      And the position is loaded directly: no legal game - under "<reading>" Tekkamon is not prepared over the Rookie Gotsumon (DB-B.0, DB-B.7: one level per Duel, and Ultra Digivolve gives only the next level), and only a preparation fills the Digivolve Zone
      When I DNA Digivolve into Tekkamon EX-02 with Snimon BO-25
      Then the action is refused for DB-B.7

      Examples:
        | reading       |
        | strict        |
        | partner-lower |

  @DB-AMB-4 @DB-B.3 @DB-B.7
  Rule: DB-AMB-4 "either" still Digivolves to a higher level only

    # DB-B.7: a Digimon Digivolves to a higher level. A made-up Champion with a DNA
    # requirement naming the Champion Snimon BO-25 and the Rookie Gotsumon ST-23: under every
    # reading of DB-AMB-4, Snimon (the same level) is no partner it Digivolves from, so the
    # Digivolve Requirement is not met (DB-B.3). The
    # numbers of the card are placeholders that no step reads.
    Background:
      Given a card that is not in the bundled card set:
        | serial                 | EX-03                                                                  |
        | name                   | Snimotsumon                                                            |
        | kind                   | digimon                                                                |
        | level                  | Champion                                                               |
        | battle_type            | Red                                                                    |
        | power                  | {"Red": 300, "Green": 400, "Yellow": 450}                              |
        | score                  | {"Rookie": 100, "Champion": 100, "Ultimate": 100, "Mega": 200}         |
        | digivolve_requirements | [{"kind": "dna", "partners": [{"name": "Snimon"}, {"name": "Gotsumon"}]}] |
      And it is the Digivolve phase and I go first
      And my Digivolve Zone holds Snimotsumon EX-03 face down
      And my opponent's Duel Zone shows Gabumon ST-05

    Scenario Outline: No DNA Digivolve from a Digimon of the new card's level under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-4
      And my Duel Zone shows Snimon BO-25 over Gabumon ST-05
      And my hand holds Gotsumon ST-23 and 7 other cards
      And the position is loaded directly: no legal game - a Champion is not prepared over the Champion Snimon (DB-B.0: the next level up), and only a preparation fills the Digivolve Zone
      When I DNA Digivolve into Snimotsumon EX-03 with Gotsumon ST-23
      Then the action is refused for DB-B.3

      Examples:
        | reading       |
        | strict        |
        | either        |
        | partner-lower |

    # DB-B.3 (b): "DNA Digivolve: play two lower-level Digimon instead of one". The partner
    # from the hand, too, must be of a lower level than the new card: Snimon, a Champion like
    # Snimotsumon, is not, under any reading (the readings differ only on how much lower).
    Scenario Outline: No DNA Digivolve with a partner from the hand of the new card's level under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-4
      And my Duel Zone shows Gotsumon ST-23
      And my hand holds Snimon BO-25 and 7 other cards
      When I DNA Digivolve into Snimotsumon EX-03 with Snimon BO-25
      Then the action is refused for DB-B.3

      Examples:
        | reading       |
        | strict        |
        | either        |
        | partner-lower |

  @DB-AMB-5 @DB-C.6
  Rule: DB-AMB-5 What happens to the DNA partner on the Power Port after the Duel

    Scenario Outline: The winner's DNA partner Gekomon under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-5
      And it is the Battle phase and I go first
      And my Duel Zone shows Piximon ST-30 over Tortomon ST-25 over Tentomon ST-07
      And my Power Port holds Gekomon ST-27
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      # Piximon against Red: 470. Greymon against Green: 340.
      When I pass
      And my opponent passes
      Then I win the Duel
      And my Power Port is empty
      And <where>

      Examples:
        | reading | where                                                                                 |
        | offline | my Offline pile includes Gekomon ST-27                                                |
        | stays   | my Duel Zone shows Piximon ST-30 over Gekomon ST-27 over Tortomon ST-25 over Tentomon ST-07 |

    # Under DB-AMB-4 "either" a DNA Ultimate may stand straight over a Rookie (the made-up
    # Tekkamon EX-02 of DB-AMB-4's rule, from the Rookie Gotsumon with Snimon from the hand),
    # so the winner's Duel Zone holds two cards; the partner on the Power Port meets the
    # Duel's end as over a Champion: under "stays" it joins the stack under the Digimon
    # showing (DB-C.6: the winner keeps its Digimon), under "offline" it goes Offline.
    Scenario Outline: The winner's DNA partner Snimon over a Rookie under the reading "<reading>"
      Given a card that is not in the bundled card set:
        | serial                 | EX-02                                                                  |
        | name                   | Tekkamon                                                               |
        | kind                   | digimon                                                                |
        | level                  | Ultimate                                                               |
        | battle_type            | Red                                                                    |
        | power                  | {"Red": 300, "Green": 400, "Yellow": 450}                              |
        | score                  | {"Rookie": 100, "Champion": 100, "Ultimate": 100, "Mega": 200}         |
        | digivolve_requirements | [{"kind": "dna", "partners": [{"name": "Snimon"}, {"name": "Gotsumon"}]}] |
      And the reading "either" of DB-AMB-4
      And the reading "<reading>" of DB-AMB-5
      And it is the Battle phase and I go first
      And my Duel Zone shows Tekkamon EX-02 over Gotsumon ST-23
      And my Power Port holds Snimon BO-25
      And my opponent's Duel Zone shows Gabumon ST-05
      # Tekkamon against Green: 400. Gabumon against Red: 350.
      When I pass
      And my opponent passes
      Then I win the Duel
      And my Power Port is empty
      And <where>

      Examples:
        | reading | where                                                                   |
        | offline | my Offline pile includes Snimon BO-25                                   |
        | stays   | my Duel Zone shows Tekkamon EX-02 over Snimon BO-25 over Gotsumon ST-23 |

    # DB-C.8: "Tie: all Digimon stay on the Duel Zones, all Power Option cards go Offline".
    # Neither player loses, so under "stays" both keep their DNA partner as the winner does
    # (DB-C.6), and under "offline" it goes with the Power Option cards.
    @DB-C.8
    Scenario Outline: My DNA partner Gekomon after a tie under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-5
      And it is the Battle phase and I go first
      And my Duel Zone shows Piximon ST-30 over Tortomon ST-25 over Tentomon ST-07
      And my Power Port holds Gekomon ST-27
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      # Piximon against Yellow: 220. Nanimon against Green: 220.
      When I pass
      And my opponent passes
      Then the Duel is a tie
      And my Power Port is empty
      And <where>

      Examples:
        | reading | where                                                                                 |
        | offline | my Offline pile includes Gekomon ST-27                                                |
        | stays   | my Duel Zone shows Piximon ST-30 over Gekomon ST-27 over Tortomon ST-25 over Tentomon ST-07 |

    @DB-C.8
    Scenario Outline: My opponent's DNA partner Gekomon after a tie under the reading "<reading>"
      # The same tie seen from the other seat: DB-C.8 treats both players alike.
      Given the reading "<reading>" of DB-AMB-5
      And it is the Battle phase and my opponent goes first
      And my Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my opponent's Duel Zone shows Piximon ST-30 over Tortomon ST-25 over Tentomon ST-07
      And my opponent's Power Port holds Gekomon ST-27
      # Nanimon against Green: 220. Piximon against Yellow: 220.
      When my opponent passes
      And I pass
      Then the Duel is a tie
      And my opponent's Power Port is empty
      And <where>

      Examples:
        | reading | where                                                                                            |
        | offline | my opponent's Offline pile includes Gekomon ST-27                                                |
        | stays   | my opponent's Duel Zone shows Piximon ST-30 over Gekomon ST-27 over Tortomon ST-25 over Tentomon ST-07 |

    # A tie against Bakemon (DB-C.8): its effect sends my Digimon but the Rookie Offline, so
    # no stack is left for the partner to stay in, under either reading. No bundled DNA
    # Ultimate ties with Bakemon: Tiemon EX-06 is Piximon with 390 against Yellow.
    Scenario Outline: My DNA partner after a tie against Bakemon under the reading "<reading>"
      Given a card that is not in the bundled card set:
        | serial                 | EX-06                                                                         |
        | name                   | Tiemon                                                                        |
        | kind                   | digimon                                                                       |
        | level                  | Ultimate                                                                      |
        | battle_type            | Green                                                                         |
        | power                  | {"Red": 470, "Green": 420, "Yellow": 390}                                     |
        | score                  | {"Rookie": 100, "Champion": 100, "Ultimate": 200, "Mega": 300}                |
        | digivolve_requirements | [{"kind": "dna", "partners": [{"name": "Tortomon"}, {"name": "Gekomon"}]}]    |
      And the reading "<reading>" of DB-AMB-5
      And it is the Battle phase and I go first
      And my Duel Zone shows Tiemon EX-06 over Tortomon ST-25 over Tentomon ST-07
      And my Power Port holds Gekomon ST-27
      And my opponent's Duel Zone shows Bakemon ST-45 over DemiDevimon ST-42
      # Tiemon against Yellow: 390; Bakemon against Green: 390.
      When I pass
      And my opponent passes
      Then the Duel is a tie
      And my Duel Zone shows Tentomon ST-07
      And my Power Port is empty
      And my Offline pile includes Gekomon ST-27

      Examples:
        | reading |
        | offline |
        | stays   |

  @DB-AMB-6 @DB-C.3
  Rule: DB-AMB-6 Whether a pass in the Battle phase is final

    Scenario Outline: I pass, my opponent plays a card: whose turn under "<reading>"
      Given the reading "<reading>" of DB-AMB-6
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      And my opponent's hand holds Metal Attack ST-53, Blitz ST-52, Biyomon ST-03 and 6 other cards
      When I pass
      And my opponent plays Metal Attack ST-53 sending Biyomon ST-03 Offline
      Then the phase is Battle
      And it is <whose> turn

      Examples:
        | reading   | whose         |
        | final     | my opponent's |
        | not-final | my            |

  @DB-AMB-7 @DB-C.9
  Rule: DB-AMB-7 Whether the game ends the moment a score reaches the target

    Scenario Outline: "Score 300 when Digivolving" takes me from 800 to 1100 under "<reading>"
      Given the reading "<reading>" of DB-AMB-7
      And it is the Digivolve phase and I go first
      And my score is 800
      And my Duel Zone shows MegaKabuterimon ST-28 over Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds HerculesKabuterimon ST-33 face down
      And my hand holds Digivice Red ST-59 and 8 other cards
      # Kabuterimon and MegaKabuterimon won the Duels before against Agumon, 100 points each.
      And my opponent's Duel Zone shows Agumon ST-01
      When I Digivolve into HerculesKabuterimon ST-33 with Digivice Red ST-59
      Then my score is 1100
      And <result>

      Examples:
        | reading     | result                    |
        | immediate   | the game is over and I win |
        | end-of-duel | the game goes on          |

    Scenario Outline: "Score 300 when Digivolving", its DIGIVICE committed at preparation, takes me from 800 to 1100 under "<reading>"
      # The same Digivolve under DB-AMB-9 "at-prepare": a Digivice went on the Power Port
      # with HerculesKabuterimon when it was prepared. An engine that commits a DIGIVICE at
      # preparation runs no vector that plays one from the hand, so without this one it was
      # never asked DB-AMB-7 (only "Score 300 when Digivolving" scores in the middle of a
      # Duel, and every such Mega but the DNA ones asks for a DIGIVICE).
      Given the reading "<reading>" of DB-AMB-7
      And the reading "at-prepare" of DB-AMB-9
      And it is the Digivolve phase and I go first
      And my score is 800
      And my Duel Zone shows MegaKabuterimon ST-28 over Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds HerculesKabuterimon ST-33 face down
      And my Power Port holds Digivice Red & Green ST-61
      And my hand holds 8 cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I Digivolve into HerculesKabuterimon ST-33 with Digivice Red & Green ST-61
      Then my score is 1100
      And <result>

      Examples:
        | reading     | result                     |
        | immediate   | the game is over and I win |
        | end-of-duel | the game goes on           |

    Scenario Outline: 900 points at the end of a Duel against the target <target> under "<reading>"
      Given the reading "<reading>" of DB-AMB-7
      And the target score is <target>
      And it is the Battle phase and I go first
      And my score is 800
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      Then my score is 900
      And <result>

      Examples:
        | reading     | target | result                     |
        | end-of-duel | 901    | the game goes on           |
        | end-of-duel | 899    | the game is over and I win |
        | end-of-duel | 900    | the game is over and I win |
        | immediate   | 901    | the game goes on           |

    Scenario: My opponent reaches the target 899 at the end of a Duel under "end-of-duel"
      # Greymon against Yellow: 420; Nanimon against Red: 100. Greymon's SCORE for a Champion:
      # 100, so my opponent has 900 and I stay at 800.
      Given the reading "end-of-duel" of DB-AMB-7
      And the target score is 899
      And it is the Battle phase and my opponent goes first
      And my score is 800
      And my opponent's score is 800
      And my Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      When my opponent passes
      And I pass
      Then my opponent's score is 900
      And the game is over and my opponent wins

    Scenario: Both scores reach the target 900 in one Duel under "end-of-duel": the Duel's first player wins
      # "Score 300 when Digivolving" (HerculesKabuterimon ST-33) takes each of us from 600 to
      # 900 in the Digivolve phase; under "end-of-duel" the game goes on to the Duel's end.
      # Both HerculesKabuterimon against Red: 300, a tie, nobody scores (DB-C.8). Both scores
      # have reached the target with equal scores: the player who went first in this Duel,
      # my opponent, wins (the reading's own rule for a shared finish).
      Given the reading "end-of-duel" of DB-AMB-7
      And the target score is 900
      And it is the Digivolve phase and my opponent goes first
      And my score is 600
      And my opponent's score is 600
      And my Duel Zone shows MegaKabuterimon ST-28 over Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds HerculesKabuterimon ST-33 face down
      And my hand holds Digivice Red ST-59
      And my opponent's Duel Zone shows MegaKabuterimon ST-28 over Kabuterimon ST-08 over Tentomon ST-07
      And my opponent's Digivolve Zone holds HerculesKabuterimon ST-33 face down
      And my opponent's hand holds Digivice Red ST-59
      When my opponent Digivolves into HerculesKabuterimon ST-33 with Digivice Red ST-59
      And I Digivolve into HerculesKabuterimon ST-33 with Digivice Red ST-59
      Then my score is 900
      And my opponent's score is 900
      And the game goes on
      When my opponent passes
      And I pass
      Then the game is over and my opponent wins

    Scenario: Both scores reach the target 900 in one Duel under "end-of-duel" and I went first: I win
      # The same shared finish with the seats the other way round: I go first in this Duel, so
      # with equal scores at or over the target I win (the reading's rule for a shared finish).
      Given the reading "end-of-duel" of DB-AMB-7
      And the target score is 900
      And it is the Digivolve phase and I go first
      And my score is 600
      And my opponent's score is 600
      And my Duel Zone shows MegaKabuterimon ST-28 over Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds HerculesKabuterimon ST-33 face down
      And my hand holds Digivice Red ST-59
      And my opponent's Duel Zone shows MegaKabuterimon ST-28 over Kabuterimon ST-08 over Tentomon ST-07
      And my opponent's Digivolve Zone holds HerculesKabuterimon ST-33 face down
      And my opponent's hand holds Digivice Red ST-59
      When I Digivolve into HerculesKabuterimon ST-33 with Digivice Red ST-59
      And my opponent Digivolves into HerculesKabuterimon ST-33 with Digivice Red ST-59
      Then my score is 900
      And my opponent's score is 900
      And the game goes on
      When I pass
      And my opponent passes
      Then the game is over and I win

  @DB-AMB-8 @DB-D.4
  Rule: DB-AMB-8 Changing the Rookie while a Champion is showing

    Scenario Outline: A Rookie change under Greymon under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-8
      And it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds Palmon ST-09 and 9 other cards
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so my Digimon stays (DB-C.6).
      And my opponent's Duel Zone shows Tentomon ST-07
      When I set up a Rookie change to Palmon ST-09
      Then <outcome>

      Examples:
        | reading        | outcome                          |
        | rookie-showing | the action is refused for DB-D.4 |
        | any-level      | my hand holds 9 cards            |

  @DB-AMB-9 @DB-B.0 @DB-D.5 @DB-B.3
  Rule: DB-AMB-9 When a DIGIVICE is committed

    # A Champion to prepare from is on the Duel Zone only after a Duel, so this is the
    # Regroup preparation (DB-D.5, the same rule as DB-B.0 before the first Duel); Agumon
    # (140 against Red) loses Duel 1 to Kabuterimon (200), which stays (DB-C.6).
    Scenario Outline: Preparing MegaKabuterimon <how> under "<reading>"
      Given the reading "<reading>" of DB-AMB-9
      And it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds MegaKabuterimon ST-28, Digivice Red ST-59 and 8 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I try to put MegaKabuterimon ST-28 <placing>
      Then <outcome>

      Examples:
        | reading    | how               | placing                                                 | outcome                                       |
        | on-reveal  | alone             | face down on my Digivolve Zone                          | my Digivolve Zone holds MegaKabuterimon ST-28 |
        | on-reveal  | with its DIGIVICE | face down on my Digivolve Zone with Digivice Red ST-59 | the action is refused for DB-D.5              |
        | at-prepare | with its DIGIVICE | face down on my Digivolve Zone with Digivice Red ST-59 | my Power Port holds Digivice Red ST-59        |
        | at-prepare | alone             | face down on my Digivolve Zone                          | the action is refused for DB-D.5              |

  @DB-AMB-10 @DB-A.4
  Rule: DB-AMB-10 Which row of the power chart is read

    Scenario Outline: Agumon against Gabumon under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-10
      And it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      Then my Digimon Power is <mine> against my opponent's <theirs>

      # Agumon (Red): 140 / 230 / 380 against Red / Green / Yellow.
      # Gabumon (Green): 350 / 240 / 150 against Red / Green / Yellow.
      Examples:
        | reading       | mine | theirs |
        | opponent-type | 230  | 350    |
        | own-type      | 140  | 240    |

  @DB-AMB-11 @DB-B.3
  Rule: DB-AMB-11 How many cards a Rookie-to-Champion payment may be

    # No bundled Champion prints a payment of 3 cards: this one is Greymon with a 3-card
    # payment (the other numbers are Greymon's and no step reads them).
    Background:
      Given a card that is not in the bundled card set:
        | serial                 | EX-04                                                          |
        | name                   | Threemon                                                       |
        | kind                   | digimon                                                        |
        | level                  | Champion                                                       |
        | battle_type            | Red                                                            |
        | power                  | {"Red": 220, "Green": 340, "Yellow": 420}                      |
        | score                  | {"Rookie": 100, "Champion": 100, "Ultimate": 200, "Mega": 300} |
        | digivolve_requirements | [{"kind": "tribute", "from": "Agumon", "offline": 3}]          |
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Threemon EX-04 face down
      # Ultra Digivolve ST-56 in the hand is what lets Threemon be prepared under "1-2" too
      # (DB-B.3n); the scenario pays for it all the same.
      And my hand holds Ultra Digivolve ST-56 and 8 other cards
      And my Online deck holds 19 cards
      And my opponent's Duel Zone shows Gabumon ST-05

    Scenario Outline: A Champion printing "offline 3 cards" under the reading "<reading>"
      Given the reading "<reading>" of DB-AMB-11
      When I Digivolve into Threemon EX-04 paying 3 cards from Online
      Then <outcome>

      Examples:
        | reading | outcome                          |
        | 1-2     | the action is refused for DB-B.3 |
        | 1-3     | my Online deck holds 16 cards    |

  @DB-AMB-11 @DB-B.3
  Rule: DB-AMB-11 A payment of 4 cards is allowed under no reading

    # DB-B.3: "move 1 or 2 (the fan note says 'or 3') cards from Online to Offline": under
    # either reading a Champion printing a 4-card payment cannot be Digivolved to by paying
    # it. No bundled Champion prints one: Fourmon is Greymon with a 4-card payment (the other
    # numbers are Greymon's and no step reads them).
    Background:
      Given a card that is not in the bundled card set:
        | serial                 | EX-11                                                          |
        | name                   | Fourmon                                                        |
        | kind                   | digimon                                                        |
        | level                  | Champion                                                       |
        | battle_type            | Red                                                            |
        | power                  | {"Red": 220, "Green": 340, "Yellow": 420}                      |
        | score                  | {"Rookie": 100, "Champion": 100, "Ultimate": 200, "Mega": 300} |
        | digivolve_requirements | [{"kind": "tribute", "from": "Agumon", "offline": 4}]          |
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Fourmon EX-11 face down
      # Ultra Digivolve ST-56 in the hand is what lets Fourmon be prepared at all (DB-B.3n);
      # the scenario tries to pay for it all the same.
      And my hand holds Ultra Digivolve ST-56 and 8 other cards
      And my Online deck holds 19 cards
      And my opponent's Duel Zone shows Gabumon ST-05

    Scenario Outline: Paying 4 cards for Fourmon is refused under "<reading>"
      Given the reading "<reading>" of DB-AMB-11
      When I try to Digivolve into Fourmon EX-11 paying 4 cards from Online
      Then the action is refused for DB-B.3
      And my Online deck holds 19 cards

      Examples:
        | reading |
        | 1-2     |
        | 1-3     |

  @DB-AMB-12 @DB-B.4 @DB-B.6
  Rule: DB-AMB-12 Digivolving with a card that was not placed face down beforehand

    Scenario Outline: My opponent answers with Garurumon from the hand under "<reading>"
      Given the reading "<reading>" of DB-AMB-12
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's hand holds Garurumon ST-06 and 9 other cards
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      And my opponent tries to Digivolve into Garurumon ST-06 paying 2 cards from Online
      Then <outcome>

      Examples:
        | reading       | outcome                                                         |
        | prepared-only | the action is refused for DB-B.6                                |
        | from-hand     | my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05 |

  @DB-AMB-13 @DB-C.2
  Rule: DB-AMB-13 Playing a Power Option without fulfilling its Use Requirements

    Scenario Outline: Metal Attack without sending a card Offline under "<reading>"
      Given the reading "<reading>" of DB-AMB-13
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      When I try to play Metal Attack ST-53
      Then <outcome>

      # Greymon against Green: 340; the Effect (+50) does not apply without the Use Requirement.
      Examples:
        | reading     | outcome                                  |
        | must-fulfil | the action is refused for DB-C.2         |
        | no-effect   | my Power Port holds Metal Attack ST-53   |
        | no-effect   | my Digimon Power is 340                  |
        | no-effect   | my hand includes Palmon ST-09            |

  @DB-AMB-14 @DB-C.5
  Rule: DB-AMB-14 Which score Digi-Duel's "double your Score" doubles

    Scenario Outline: Winning 100 points with Digi-Duel from a score of 300 under "<reading>"
      Given the reading "<reading>" of DB-AMB-14
      And it is the Battle phase and I go first
      And my score is 300
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my hand holds Digi-Duel ST-58 and 8 other cards
      And my Online deck holds 10 cards
      # Greymon against Yellow: 420; Nanimon against Red: 100; a Champion is worth 100.
      When I play Digi-Duel ST-58
      And my opponent passes
      And I pass
      Then I win the Duel
      And my score is <score>

      Examples:
        | reading     | score |
        | duel-points | 500   |
        | total       | 800   |

    Scenario Outline: Digi-Duel's points against the agreed target 801 under "<reading>"
      Given the reading "<reading>" of DB-AMB-14
      And the target score is 801
      And it is the Battle phase and I go first
      And my score is 300
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my hand holds Digi-Duel ST-58 and 8 other cards
      And my Online deck holds 10 cards
      When I play Digi-Duel ST-58
      And my opponent passes
      And I pass
      Then my score is <score>
      And the game goes on

      Examples:
        | reading     | score |
        | duel-points | 500   |
        | total       | 800   |

  @DB-AMB-15 @DB-A.4 @DB-C.2
  Rule: DB-AMB-15 The order in which Power Option modifiers combine

    Scenario Outline: Counter Attack (x2) then Metal Attack (+50) under "<reading>"
      Given the reading "<reading>" of DB-AMB-15
      # SkullGreymon Digivolves in this Duel with its DIGIVICE (DB-B.3): it would lose any
      # earlier Duel to Agumon or Greymon. Kabuterimon won the Duel before, so my opponent
      # went first (DB-C.7).
      And it is the Battle phase and my opponent goes first
      And my opponent has passed
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows SkullGreymon ST-32 over Kabuterimon ST-08 over Tentomon ST-07
      And my opponent's Power Port holds Digivice Green & Yellow ST-60
      And my hand holds Counter Attack ST-54, Metal Attack ST-53, Palmon ST-09 and 6 other cards
      # Greymon against Yellow: 420. SkullGreymon is an Ultimate: a higher level.
      When I play Counter Attack ST-54
      And I play Metal Attack ST-53 sending Palmon ST-09 Offline
      Then my Digimon Power is <power>

      Examples:
        | reading    | power |
        | play-order | 890   |
        | add-first  | 940   |

  @DB-AMB-16 @DB-D.1 @DB-D.3
  Rule: DB-AMB-16 Whether a Regroup draw that takes exactly the last Online card recycles

    Scenario Outline: I draw my last 4 Online cards under "<reading>"
      Given the reading "<reading>" of DB-AMB-16
      And it is my turn to regroup
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds 6 cards
      And my Online deck holds 4 cards
      # Offline: 30 - 2 - 6 - 4 = 18; with Greymon, 19.
      When I restore my hand
      Then my hand holds 10 cards
      And my Duel Zone shows <duel zone>
      And <chance>

      Examples:
        | reading | duel zone                       | chance                          |
        | recycle | Agumon ST-01                    | a shuffle of my 19 cards is due |
        | wait    | Greymon ST-02 over Agumon ST-01 | no chance outcome is due        |

  @DB-AMB-17 @DB-C.2
  Rule: DB-AMB-17 Whether a Power Option's condition is read when played or all along

    Scenario Outline: Coral Rip before my opponent acquires "Swim" under "<reading>"
      Given the reading "<reading>" of DB-AMB-17
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Coral Rip BO-44 and 8 other cards
      And my opponent's hand holds Aquatic Attack BO-45 and 8 other cards
      # Greymon against Green: 340; Garurumon against Red: 410, +20 with Aquatic Attack.
      When I play Coral Rip BO-44
      And my opponent plays Aquatic Attack BO-45
      Then my Digimon Power is <power> against my opponent's 430

      Examples:
        | reading    | power |
        | continuous | 390   |
        | on-play    | 340   |

  @DB-AMB-18 @DB-C.2
  Rule: DB-AMB-18 "Do not use this card with a Rookie on Duel Zone"

    Scenario Outline: Counter Attack with Greymon over Agumon under "<reading>"
      Given the reading "<reading>" of DB-AMB-18
      # SkullGreymon Digivolves in this Duel with its DIGIVICE (DB-B.3): it would lose any
      # earlier Duel to Agumon or Greymon. Kabuterimon won the Duel before, so my opponent
      # went first (DB-C.7).
      And it is the Battle phase and my opponent goes first
      And my opponent has passed
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows SkullGreymon ST-32 over Kabuterimon ST-08 over Tentomon ST-07
      And my opponent's Power Port holds Digivice Green & Yellow ST-60
      And my hand holds Counter Attack ST-54 and 8 other cards
      When I try to play Counter Attack ST-54
      Then <outcome>

      # Greymon against Yellow: 420, doubled against the higher-level SkullGreymon.
      Examples:
        | reading  | outcome                          |
        | showing  | my Digimon Power is 840          |
        | anywhere | the action is refused for DB-C.2 |

  @DB-AMB-19 @DB-C.1 @DB-C.7
  Rule: DB-AMB-19 Who plays the first Power Option card in a later Duel

    Scenario Outline: Duel 2 reaches its Battle phase under "<reading>"
      Given the reading "<reading>" of DB-AMB-19
      And it is the Digivolve phase and I go first
      And this is Duel 2
      And my opponent won the coin toss
      And I won the last Duel
      # Agumon won Duel 1 against Palmon (140 against 130).
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Palmon ST-09
      And my opponent's Digivolve Zone holds Togemon ST-10 face down
      When I pass
      And my opponent passes
      Then the phase is battle
      And it is <whose> turn

      Examples:
        | reading    | whose           |
        | duel-first | my              |
        | coin-toss  | my opponent's   |

  @DB-AMB-22 @DB-C.8 @DB-C.6
  Rule: DB-AMB-22 Bakemon's "Send opponent's Digimon offline when Duel ends in a tie"

    Scenario Outline: A tie against Bakemon with LadyDevimon over Devimon under "<reading>"
      Given the reading "<reading>" of DB-AMB-22
      And it is the Battle phase and I go first
      And my Duel Zone shows LadyDevimon BO-22 over Devimon BO-02 over Agumon ST-01
      And my opponent's Duel Zone shows Bakemon ST-45 over DemiDevimon ST-42
      And my opponent's hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      # LadyDevimon against Yellow: 420; Bakemon against Yellow: 370, +50 with Metal Attack.
      When I pass
      And my opponent plays Metal Attack ST-53 sending Palmon ST-09 Offline
      And my opponent passes
      Then the Duel is a tie
      And my Duel Zone shows <zone>

      Examples:
        | reading        | zone                         |
        | all-but-rookie | Agumon ST-01                 |
        | showing-only   | Devimon BO-02 over Agumon ST-01 |

    # DB-C.6: the Rookie stays ("sends all Digimon, except the Rookie, OFFLINE"); the reading
    # "showing-only": "only the Digimon showing goes Offline (one level down); a Rookie showing
    # stays". Either way a Rookie showing alone is not sent Offline by Bakemon's tie.
    Scenario Outline: A tie against Bakemon while my Rookie shows alone under "<reading>": the Rookie stays
      Given the reading "<reading>" of DB-AMB-22
      And it is the Battle phase and I go first
      And my Duel Zone shows Kunemon ST-18
      And my opponent's Duel Zone shows Bakemon ST-45 over DemiDevimon ST-42
      And my hand holds Aquatic Attack BO-45, Metal Attack ST-53, Palmon ST-09 and 7 other cards
      # Kunemon against Yellow: 300, +20 with Aquatic Attack and +50 with Metal Attack: 370;
      # Bakemon against Yellow: 370.
      When I play Aquatic Attack BO-45
      And my opponent passes
      And I play Metal Attack ST-53 sending Palmon ST-09 Offline
      And I pass
      Then the Duel is a tie
      And my Duel Zone shows Kunemon ST-18

      Examples:
        | reading        |
        | all-but-rookie |
        | showing-only   |

    # A Champion over the Rookie: under either reading the Champion goes Offline (it is all
    # the Digimon above the Rookie, and the one showing) and the Rookie stays.
    Scenario Outline: A tie against Bakemon with Vilemon over DemiDevimon under "<reading>": the Champion goes, the Rookie stays
      Given the reading "<reading>" of DB-AMB-22
      And it is the Battle phase and I go first
      And my Duel Zone shows Vilemon BO-20 over DemiDevimon ST-42
      And my opponent's Duel Zone shows Bakemon ST-45 over DemiDevimon ST-42
      # Vilemon against Yellow: 370; Bakemon against Yellow: 370.
      When I pass
      And my opponent passes
      Then the Duel is a tie
      And my Duel Zone shows DemiDevimon ST-42
      And my Offline pile includes Vilemon BO-20

      Examples:
        | reading        |
        | all-but-rookie |
        | showing-only   |

  @DB-AMB-23 @DB-C.5 @DB-C.6 @DB-C.9
  Rule: DB-AMB-23 End-of-Duel clean-up and the winning points

    Scenario Outline: The winning Duel's clean-up under "<reading>"
      Given the reading "<reading>" of DB-AMB-23
      And the target score is 1000
      And it is the Battle phase and I go first
      And my score is 900
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      # Greymon against Yellow: 420; Nanimon against Red: 100; a Champion is worth 100.
      When I pass
      And my opponent passes
      Then the game is over and I win
      And my opponent's Duel Zone shows <zone>

      Examples:
        | reading       | zone                          |
        | effects-first | Palmon ST-09                  |
        | score-first   | Nanimon ST-15 over Palmon ST-09 |

  @DB-AMB-26 @DB-C.2
  Rule: DB-AMB-26 Digi-Duel's "You may only use one of these cards per Duel"

    Scenario Outline: My Digi-Duel after my opponent's under "<reading>"
      Given the reading "<reading>" of DB-AMB-26
      And it is the Battle phase and my opponent goes first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my opponent's hand holds Digi-Duel ST-58 and 8 other cards
      And my hand holds Digi-Duel ST-58 and 8 other cards
      And my Online deck holds 17 cards
      When my opponent plays Digi-Duel ST-58
      And I try to play Digi-Duel ST-58
      Then <outcome>

      Examples:
        | reading    | outcome                                |
        | per-player | my Power Port holds Digi-Duel ST-58    |
        | per-duel   | the action is refused for DB-C.2       |

  @DB-AMB-27 @DB-B.3 @DB-AMB-9
  Rule: DB-AMB-27 Whether a card committed at preparation binds the player

    Scenario Outline: Greymon prepared with Ultra Digivolve, then paid for, under "<reading>"
      Given the reading "at-prepare" of DB-AMB-9
      And the reading "<reading>" of DB-AMB-27
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my Power Port holds Ultra Digivolve ST-56
      And my hand holds 8 cards
      And my Online deck holds 19 cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to Digivolve into Greymon ST-02 paying 2 cards from Online
      Then <outcome>

      Examples:
        | reading | outcome                                         |
        | free    | my Duel Zone shows Greymon ST-02 over Agumon ST-01 |
        | bound   | the action is refused for DB-B.3                |

    Scenario Outline: Greymon prepared with Ultra Digivolve, then Ultra Digivolved, under "<reading>"
      Given the reading "at-prepare" of DB-AMB-9
      And the reading "<reading>" of DB-AMB-27
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my Power Port holds Ultra Digivolve ST-56
      And my hand holds 8 cards
      And my Online deck holds 19 cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I Digivolve into Greymon ST-02 with Ultra Digivolve ST-56
      Then my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand is empty

      Examples:
        | reading |
        | free    |
        | bound   |

  @DB-AMB-28 @DB-B.5 @DB-AMB-9
  Rule: DB-AMB-28 Where the committed card goes when the player passes

    Scenario Outline: I pass with MegaKabuterimon and its Digivice committed under "<reading>"
      Given the reading "at-prepare" of DB-AMB-9
      And the reading "<reading>" of DB-AMB-28
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds MegaKabuterimon ST-28 face down
      And my Power Port holds Digivice Red ST-59
      # Kabuterimon won the Duel before against Agumon (200 against 140), so I go first.
      And my opponent's Duel Zone shows Agumon ST-01
      When I pass
      Then my Digivolve Zone is empty
      And my Offline pile includes <offline>
      And <port>

      Examples:
        | reading | offline                                    | port                                 |
        | port    | MegaKabuterimon ST-28                      | my Power Port holds Digivice Red ST-59 |
        | offline | MegaKabuterimon ST-28 and Digivice Red ST-59 | my Power Port is empty               |

  @DB-AMB-21 @DB-D.3 @DB-B.3
  Rule: DB-AMB-21 An Online deck emptied in the middle of a Duel

    Scenario Outline: Greymon's payment takes my last 2 Online cards under "<reading>"
      Given the reading "<reading>" of DB-AMB-21
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds 9 cards
      And my Online deck holds 2 cards
      # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Tentomon ST-07
      # Offline: 30 - 1 - 1 - 9 - 2 = 17; the payment adds 2, the recycle Greymon: 20.
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      Then my Duel Zone shows <zone>
      And <chance>

      Examples:
        | reading    | zone                            | chance                          |
        | at-once    | Agumon ST-01                    | a shuffle of my 20 cards is due |
        | after-duel | Greymon ST-02 over Agumon ST-01 | no chance outcome is due        |

    Scenario: Under "after-duel" the empty deck is recycled when the Duel is over
      Given the reading "after-duel" of DB-AMB-21
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds 9 cards
      And my Online deck holds 0 cards
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      # I win and keep Greymon (DB-C.6); then it goes Offline with the recycle: 30 - 2 - 9 + 1.
      When I pass
      And my opponent passes
      Then I win the Duel
      And my Duel Zone shows Agumon ST-01
      And a shuffle of my 20 cards is due

    Scenario: Under "after-duel" my opponent's empty deck is recycled when the Duel is over too
      # The same for the other seat: every deck emptied during the Duel is recycled at its end.
      Given the reading "after-duel" of DB-AMB-21
      And it is the Battle phase and my opponent goes first
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's hand holds 9 cards
      And my opponent's Online deck holds 0 cards
      And my Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When my opponent passes
      And I pass
      Then my opponent wins the Duel
      And my opponent's Duel Zone shows Agumon ST-01
      And a shuffle of my opponent's 20 cards is due

    @DB-C.4
    Scenario: Under "after-duel" Nanimon takes my last Online card as it wins: my deck is recycled once
      # Nanimon against Green: 220; Gabumon against Yellow: 150: my opponent wins (DB-C.4).
      # Nanimon: "Send 1 card from opponent's Online to Offline when this Digimon wins": my last
      # Online card. My deck reached zero once, at the Duel's end: one recycle (DB-D.3), with
      # nothing further due after it. Offline: 30 - 1 - 10 - 1 = 18, + the milled card = 19.
      Given the reading "after-duel" of DB-AMB-21
      And it is the Battle phase and I go first
      And my Duel Zone shows Gabumon ST-05
      And my hand holds 10 cards
      And my Online deck holds 1 card
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      When I pass
      And my opponent passes
      Then my opponent wins the Duel
      And a shuffle of my 19 cards is due
      When my cards are shuffled
      Then my Online deck holds 19 cards
      And no chance outcome is due

    @DB-AMB-2 @DB-C.2
    Scenario: Under "after-duel" Digi-Duel's payment of 3 takes exactly my last 3 Online cards: nothing is recycled before the Duel's end
      # DB-C.2: Digi-Duel is used by sending 3 Online cards Offline; with exactly 3 Online the
      # payment is whole, so under "across" of DB-AMB-2 nothing is owed, and under "after-duel"
      # the emptied deck waits for the Duel's end (DB-D.3).
      Given the reading "after-duel" of DB-AMB-21
      And the reading "across" of DB-AMB-2
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds Digi-Duel ST-58 and 8 other cards
      And my Online deck holds 3 cards
      When I play Digi-Duel ST-58
      Then my Power Port holds Digi-Duel ST-58
      And my Online deck holds 0 cards
      And no chance outcome is due
      And it is my opponent's turn

  @DB-AMB-24 @DB-C.3
  Rule: DB-AMB-24 Running out of Power Option cards

    Scenario Outline: My opponent holds no Power Option card when the Battle starts, under "<reading>"
      Given the reading "<reading>" of DB-AMB-24
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my Digivolve Zone holds MetalGreymon BO-01 face down
      # MetalGreymon was prepared with its DIGIVICE in the hand (DB-B.0); Greymon won the
      # Duel before against Palmon (220 against 130).
      And my hand holds Digi-Duel ST-58, Metal Attack ST-53, Digivice Green & Yellow ST-60 and 6 other cards
      And my Online deck holds 10 cards
      And my opponent's Duel Zone shows Palmon ST-09
      And my opponent's Digivolve Zone holds Togemon ST-10 face down
      # No Power Option card among my opponent's: the other cards of a sketch are Digimon.
      And my opponent's hand holds Gabumon ST-05 and 8 other cards
      When I pass
      And my opponent passes
      And I try to play Digi-Duel ST-58
      Then <outcome>

      Examples:
        | reading  | outcome                             |
        | say-pass | my Power Port holds Digi-Duel ST-58 |
        | run-out  | the action is refused for DB-C.2    |

    @DB-D.3
    Scenario: Neither of us holds a Power Option card, the Duel ends at once and Nanimon takes my last Online card, under "run-out"
      # We both pass in the Digivolve phase (my Garurumon goes Offline, DB-B.5). Neither hand holds a
      # Power Option card, so under "run-out" both players have passed as the Battle starts
      # and the Duel ends (DB-C.4): Nanimon against Green: 220; Gabumon against Yellow: 150;
      # Nanimon's SCORE for a Rookie: 100.
      # Nanimon: "Send 1 card from opponent's Online to Offline when this Digimon wins": my
      # last Online card (DB-D.3). Offline: 30 - 1 - 1 - 1 - 1 = 26, + Garurumon + the
      # milled card = 28, reshuffled.
      Given the reading "run-out" of DB-AMB-24
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Gabumon ST-05
      And my Digivolve Zone holds Garurumon ST-06 face down
      And my hand holds Biyomon ST-03
      And my Online deck holds 1 card
      And my opponent's Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my opponent's hand holds Agumon ST-01
      When I pass
      And my opponent passes
      Then my opponent's score is 100
      And a shuffle of my 28 cards is due

  @DB-AMB-25 @DB-D.1 @DB-D.6
  Rule: DB-AMB-25 Who regroups first

    Scenario Outline: My opponent wins the Duel; Regroup starts under "<reading>"
      Given the reading "<reading>" of DB-AMB-25
      And it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When I pass
      And my opponent passes
      Then my opponent wins the Duel
      And the phase is Regroup
      And it is <whose> turn

      Examples:
        | reading      | whose         |
        | seat-order   | my            |
        | first-player | my opponent's |
