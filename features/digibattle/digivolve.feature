Feature: B. Digivolve
  Both players may put a next-level card face down on their DIGIVOLVE ZONE. A coin flip decides
  who goes first. The first player turns the card over onto the Duel Zone and fulfils its
  Digivolve Requirements (Rookie to Champion: cards from Online to Offline as payment; Champion
  to Ultimate and Ultimate to Mega: a DIGIVICE on the Power Port, or DNA Digivolve with a second
  Digimon face up on the Power Port). The second player then Digivolves the same way or passes,
  losing a face-down card ("use it or lose it"). One level per Duel.

  "I" am player 0 and "my opponent" is player 1.

  Rule: DB-B.0 One next-level Digimon may go face down on the Digivolve Zone

    @DB-B.0
    Scenario: I put a Champion that names my Rookie face down on my Digivolve Zone
      Given it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I put Greymon ST-02 face down on my Digivolve Zone
      Then my Digivolve Zone holds Greymon ST-02
      And my hand holds 9 cards
      And my Online deck holds 19 cards
      And it is my opponent's turn

    @DB-B.0
    Scenario: A Champion whose requirements do not name my Rookie is refused
      Given it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Garurumon ST-06 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Garurumon ST-06 face down on my Digivolve Zone
      Then the action is refused for DB-B.0

    @DB-B.0
    Scenario: A Power Option card cannot wait on the Digivolve Zone
      Given it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Metal Attack ST-53 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Metal Attack ST-53 face down on my Digivolve Zone
      Then the action is refused for DB-B.0

    @DB-B.0 @DB-AMB-2
    Scenario: A Champion whose payment I cannot make is refused
      Given it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my Online deck holds 1 card
      And the position is loaded directly: no legal game - one Online card before the coin toss; the deal leaves 19 Online (DB-A.2) and nothing is drawn or paid before the first Duel
      And my opponent's Duel Zone shows Gabumon ST-05
      # Greymon's requirement: from Agumon, 2 cards from Online to Offline.
      When I try to put Greymon ST-02 face down on my Digivolve Zone
      Then the action is refused for DB-B.0

    @DB-B.0 @DB-AMB-2
    Scenario: A Champion whose payment takes exactly the whole Online deck may be prepared
      Given it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02
      And my Online deck holds 2 cards
      And the position is loaded directly: no legal game - two Online cards before the coin toss; the deal leaves 19 Online (DB-A.2) and nothing is drawn or paid before the first Duel (the same preparation with 2 cards Online in a Regroup phase is played from new_game by "Preparing Greymon in Regroup with 2 cards Online")
      And my opponent's Duel Zone shows Gabumon ST-05
      # Greymon's requirement: from Agumon, 2 cards from Online to Offline: exactly what is there.
      When I put Greymon ST-02 face down on my Digivolve Zone
      Then my Digivolve Zone holds Greymon ST-02

    @DB-D.5 @DB-AMB-2
    Scenario Outline: Preparing Greymon in Regroup with <online> cards Online
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my Online deck holds <online> cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Greymon ST-02 face down on my Digivolve Zone
      Then <outcome>

      Examples:
        | online | outcome                             |
        | 2      | my Digivolve Zone holds Greymon ST-02 |
        | 1      | the action is refused for DB-D.5    |

    @DB-B.0
    Scenario: I may also put nothing face down
      Given it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I am ready
      Then my Digivolve Zone is empty
      And my hand holds 10 cards
      And it is my opponent's turn

    @DB-B.0 @DB-B.3 @DB-D.5
    Scenario: Kimeramon, whose only requirement is a DIGIVICE from Nanimon, may be prepared over Nanimon
      # Kimeramon ST-21 (Ultimate, Green) names one Digimon: "DIGIVICE from Nanimon" (DB-B.3 (a)).
      # Digivice Green & Yellow ST-60 in the hand fulfils it, so it may go face down (DB-B.0,
      # in Regroup DB-D.5). No ULTRA DIGIVOLVE card: the other cards of a sketch are Digimon.
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Nanimon ST-15 over Palmon ST-09
      And my hand holds Kimeramon ST-21, Digivice Green & Yellow ST-60 and 8 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      Then my legal actions include putting Kimeramon ST-21 face down on my Digivolve Zone
      When I put Kimeramon ST-21 face down on my Digivolve Zone
      Then my Digivolve Zone holds Kimeramon ST-21
      And my hand holds 9 cards

  Rule: DB-B.1 A coin flip decides who goes first

    @DB-B.1
    Scenario: The coin toss follows the preparation, and its winner goes first
      Given it is my opponent's turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      When my opponent is ready
      Then a coin toss is due
      When the coin toss is won by my opponent
      Then the phase is Digivolve
      And it is my opponent's turn

    @DB-B.1
    Scenario: I win the coin toss and go first
      Given it is my opponent's turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's hand holds Garurumon ST-06 and 9 other cards
      When my opponent puts Garurumon ST-06 face down on their Digivolve Zone
      And the coin toss is won by me
      Then it is my turn

    @DB-B.1
    Scenario: Nobody plays before the coin toss
      Given it is my opponent's turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      When my opponent is ready
      And I try to pass
      Then the action is refused for DB-B.1

    @DB-B.1
    Scenario: The coin toss is not answered with a shuffle that names a winner
      # The coin toss is a chance outcome of its own kind (DB-B.1): a shuffle, even one
      # naming a winner as a coin toss does, is not one, and nobody goes first by it.
      Given it is my opponent's turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      When my opponent is ready
      And the coin toss is answered by a shuffle of my cards naming me the winner
      Then the action is refused for DB-B.1
      And a coin toss is due

    @DB-B.1
    Scenario: The coin toss has no winner but player 0 or player 1
      Given it is my opponent's turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      When my opponent is ready
      And the coin toss is won by player 2
      Then the action is refused for DB-B.1
      And a coin toss is due

  Rule: DB-B.2 The first player turns the Digivolve Zone card over onto the Duel Zone

    @DB-B.2 @DB-B.3
    Scenario: I turn Greymon over onto Agumon and pay 2 cards from Online
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds 9 cards
      And my Online deck holds 19 cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      Then my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my Digivolve Zone is empty
      And my Online deck holds 17 cards
      And my Offline pile holds 2 cards
      And my hand holds 9 cards
      And it is my opponent's turn

    @DB-B.2
    Scenario: Only the card on the Digivolve Zone can be turned over
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds Togemon ST-10 and 8 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to Digivolve into Togemon ST-10 paying 2 cards from Online
      Then the action is refused for DB-B.2

  Rule: DB-B.3 Digivolve Requirements: payment, DIGIVICE or DNA Digivolve

    @DB-B.3
    Scenario: Rookie to Champion: the printed number of cards go from Online to Offline
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Biyomon ST-03
      And my Digivolve Zone holds Birdramon ST-04 face down
      And my Online deck holds Palmon ST-09 on top of 18 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      # Birdramon: from Biyomon, 1 card Offline.
      When I Digivolve into Birdramon ST-04 paying 1 card from Online
      Then my Duel Zone shows Birdramon ST-04 over Biyomon ST-03
      And my Online deck holds 18 cards
      And my Offline pile includes Palmon ST-09

    @DB-B.3
    Scenario Outline: Garurumon's payment is the one printed for the Rookie it Digivolves from: <rookie>
      # Garurumon ST-06's Digivolve Requirements: from Gabumon, 2 cards Offline; from
      # Tapirmon, 1 card Offline.
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows <rookie>
      And my Digivolve Zone holds Garurumon ST-06 face down
      And my Online deck holds 19 cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I Digivolve into Garurumon ST-06 paying <n> <cards> from Online
      Then my Duel Zone shows Garurumon ST-06 over <rookie>
      And my Online deck holds <left> cards

      Examples:
        | rookie         | n | cards | left |
        | Tapirmon BO-36 | 1 | card  | 18   |
        | Gabumon ST-05  | 2 | cards | 17   |

    @DB-B.3
    Scenario: Champion to Ultimate with a DIGIVICE of the new Digimon's Battle Type
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds MegaKabuterimon ST-28 face down
      And my hand holds Digivice Red ST-59 and 8 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I Digivolve into MegaKabuterimon ST-28 with Digivice Red ST-59
      Then my Duel Zone shows MegaKabuterimon ST-28 over Kabuterimon ST-08 over Tentomon ST-07
      And my Power Port holds Digivice Red ST-59
      And my hand holds 8 cards
      # MegaKabuterimon against Red: 230.
      And my Digimon Power is 230

    @DB-B.3
    Scenario: A DIGIVICE of another Battle Type does not fulfil the requirement
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds MegaKabuterimon ST-28 face down
      # Digivice Red ST-59 in the hand is what let MegaKabuterimon be prepared (DB-B.0).
      And my hand holds Digivice Green & Yellow ST-60, Digivice Red ST-59 and 7 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I try to Digivolve into MegaKabuterimon ST-28 with Digivice Green & Yellow ST-60
      Then the action is refused for DB-B.3

    @DB-B.3
    Scenario: DNA Digivolve: the second Digimon goes face up on the Power Port
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Tortomon ST-25 over Tentomon ST-07
      And my Digivolve Zone holds Piximon ST-30 face down
      And my hand holds Gekomon ST-27 and 8 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      # Piximon: DNA Digivolve from Tortomon and Gekomon.
      When I DNA Digivolve into Piximon ST-30 with Gekomon ST-27
      Then my Duel Zone shows Piximon ST-30 over Tortomon ST-25 over Tentomon ST-07
      And my Power Port holds Gekomon ST-27
      And my hand holds 8 cards
      # Piximon against Red: 470.
      And my Digimon Power is 470

    @DB-B.3
    Scenario: DNA Digivolve with a Digimon that is not the named partner is refused
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Tortomon ST-25 over Tentomon ST-07
      And my Digivolve Zone holds Piximon ST-30 face down
      # Gekomon ST-27 in the hand is what let Piximon be prepared (DB-B.0).
      And my hand holds Starmon ST-26, Gekomon ST-27 and 7 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I try to DNA Digivolve into Piximon ST-30 with Starmon ST-26
      Then the action is refused for DB-B.3

    @DB-B.3
    Scenario: Champion to Ultimate cannot be paid with Online cards
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my Digivolve Zone holds MegaKabuterimon ST-28 face down
      And my hand holds Digivice Red ST-59 and 8 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I try to Digivolve into MegaKabuterimon ST-28 paying 2 cards from Online
      Then the action is refused for DB-B.3

    @DB-B.3
    Scenario: DNA Digivolve to a Mega with any Ultimate as the partner
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows MarineDevimon ST-39 over Octomon ST-37 over Gomamon ST-11
      And my Digivolve Zone holds Pukumon ST-40 face down
      And my hand holds Zudomon ST-38 and 8 other cards
      # Octomon and MarineDevimon won the Duels before against Gabumon (150 against Yellow).
      And my opponent's Duel Zone shows Gabumon ST-05
      # Pukumon: DNA Digivolve from MarineDevimon and any Ultimate; "Score 300 when
      # Digivolving to this Digimon".
      When I DNA Digivolve into Pukumon ST-40 with Zudomon ST-38
      Then my Duel Zone shows Pukumon ST-40 over MarineDevimon ST-39 over Octomon ST-37 over Gomamon ST-11
      And my Power Port holds Zudomon ST-38
      And I score 300 points

  Rule: DB-B.3n Other Power Option cards may be used in the Digivolve phase as their text says

    @DB-B.3n
    Scenario: Ultra Digivolve: any Digimon to the next level, the rest of the hand goes Offline
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Garurumon ST-06 face down
      And my hand holds Ultra Digivolve ST-56 and 8 other cards
      And my Offline pile is empty
      And my opponent's Duel Zone shows Gabumon ST-05
      # Garurumon's own requirements name Gabumon and Tapirmon, not Agumon.
      When I Digivolve into Garurumon ST-06 with Ultra Digivolve ST-56
      Then my Duel Zone shows Garurumon ST-06 over Agumon ST-01
      And my Power Port holds Ultra Digivolve ST-56
      And my hand is empty
      And my Offline pile holds 8 cards

    @DB-B.3n
    Scenario: Ultra Digivolve cannot be played in the Battle phase
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      # Blitz (no Use Requirement) leaves me a real choice, so no engine passes for me.
      And my hand holds Ultra Digivolve ST-56, Palmon ST-09, Blitz ST-52 and 6 other cards
      When I try to play Ultra Digivolve ST-56
      Then the action is refused for DB-B.3n

    @DB-B.3n
    Scenario: A DIGIVICE cannot be played in the Battle phase
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      # Blitz (no Use Requirement) leaves me a real choice, so no engine passes for me.
      And my hand holds Digivice Red ST-59, Blitz ST-52 and 7 other cards
      When I try to play Digivice Red ST-59
      Then the action is refused for DB-B.3n

    @DB-B.3n @DB-B.7
    Scenario: Ultra Digivolve does not skip a level
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Kimeramon ST-21, Ultra Digivolve ST-56 and 8 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Kimeramon ST-21 face down on my Digivolve Zone
      Then the action is refused for DB-B.7

  Rule: DB-B.4 The second player sees the change and may Digivolve the same way

    @DB-B.4
    Scenario: The second player answers by Digivolving too
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      # Agumon against Green: 230; Gabumon against Red: 350.
      Then my Digimon Power is 230 against my opponent's 350
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      # Greymon against Green: 340.
      Then my Digimon Power is 340 against my opponent's 350
      And it is my opponent's turn
      When my opponent Digivolves into Garurumon ST-06 paying 2 cards from Online
      # Garurumon against Red: 410.
      Then my Digimon Power is 340 against my opponent's 410
      And the phase is Battle
      And it is my turn

    @DB-B.4
    Scenario: The second player may not Digivolve before the first
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      When my opponent tries to Digivolve into Garurumon ST-06 paying 2 cards from Online
      Then the action is refused for DB-B.4

    @DB-B.4 @DB-A.4
    Scenario: My Digimon Power follows my opponent's new Battle Type
      Given it is the Digivolve phase and my opponent goes first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Kabuterimon ST-08 face down
      # Agumon against Green (Gabumon): 230; against Red (Kabuterimon): 140.
      Then my Digimon Power is 230
      When my opponent Digivolves into Kabuterimon ST-08 paying 2 cards from Online
      Then my Digimon Power is 140 against my opponent's 200

    @DB-B.4
    Scenario: A pass that names no player is refused
      # In the Digivolve phase the player whose turn it is answers, by Digivolving or by
      # passing (DB-B.4, DB-B.5): a pass that names no player is nobody's answer, and my
      # card stays face down. (The action form requires the player, so an engine may answer
      # it as invalid input instead.)
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      When a pass that names no player is sent
      Then the action is refused for DB-B.4
      And my Digivolve Zone holds Greymon ST-02
      And it is my turn

  Rule: DB-B.5 A player who passes loses the card face down on the Digivolve Zone

    @DB-B.5
    Scenario: Use it or lose it: passing sends the face-down card Offline
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my Offline pile holds 0 cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I pass
      Then my Digivolve Zone is empty
      And my Duel Zone shows Agumon ST-01
      And my Offline pile holds 1 card
      And my Offline pile includes Greymon ST-02

    @DB-B.5
    Scenario: Passing with nothing face down loses nothing
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Offline pile holds 0 cards
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      When I pass
      Then my Offline pile holds 0 cards
      And it is my opponent's turn

    @DB-B.5 @DB-B.7
    Scenario: When both players pass the Battle phase begins
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      When I pass
      And my opponent passes
      Then the phase is Battle
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Offline pile includes Garurumon ST-06
      And it is my turn

  Rule: DB-B.6 With nothing to Digivolve a player must pass; if neither has, go to Battle

    @DB-B.6 @DB-D.6
    Scenario: If neither player has a card to Digivolve, the Duel goes straight to Battle
      Given this is Duel 1
      And I won the last Duel
      And it is my opponent's turn to prepare in the Regroup phase
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so my Digimon stays (DB-C.6).
      And my opponent's Duel Zone shows Tentomon ST-07
      When my opponent is ready
      Then it is Duel 2
      And the phase is Battle
      And it is my turn

    @DB-B.6
    Scenario: With nothing face down I must pass
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      Then my only choice is to pass
      When I try to Digivolve into Greymon ST-02 paying 2 cards from Online
      Then the action is refused for DB-B.6

    @DB-B.6 @DB-B.4
    Scenario: The first player has nothing, the second still Digivolves
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      When I pass
      And my opponent Digivolves into Garurumon ST-06 paying 2 cards from Online
      Then my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And the phase is Battle

  Rule: DB-B.7 One level per Duel; the phase ends once each player has Digivolved or passed

    @DB-B.7
    Scenario: A Rookie cannot be prepared to become an Ultimate
      Given it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Kimeramon ST-21, Digivice Green & Yellow ST-60 and 8 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Kimeramon ST-21 face down on my Digivolve Zone
      Then the action is refused for DB-B.7

    @DB-B.0 @DB-B.3n @DB-AMB-4
    Scenario: Under "either", with Ultra Digivolve in hand, a DNA Ultimate whose partners my Rookie is not cannot be prepared
      # WereGarurumon ST-47 DNA Digivolves from Garurumon and Wizardmon (or Meramon and
      # Apemon). Under DB-AMB-4 "either" a DNA Digivolve may skip a level, but Gabumon is none
      # of its partners; Ultra Digivolve ST-56 takes a Digimon to the next level only (DB-B.3n).
      Given the reading "either" of DB-AMB-4
      And it is my turn to prepare before the coin toss
      And my Duel Zone shows Gabumon ST-05
      And my hand holds WereGarurumon ST-47, Ultra Digivolve ST-56 and 8 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      Then my legal actions do not include putting WereGarurumon ST-47 face down on my Digivolve Zone
      When I try to put WereGarurumon ST-47 face down on my Digivolve Zone
      Then the action is refused for DB-B.0

    @DB-B.7 @DB-AMB-4
    Scenario: Under "either" a Rookie still cannot be prepared to become an Ultimate that does not DNA Digivolve
      # DB-AMB-4 "either" lets a DNA Digivolve skip a level; Kimeramon ST-21 Digivolves by
      # DIGIVICE only, so over Agumon, a Rookie, it would still rise two levels in one Duel.
      Given the reading "either" of DB-AMB-4
      And it is my turn to prepare before the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Kimeramon ST-21, Digivice Green & Yellow ST-60 and 8 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Kimeramon ST-21 face down on my Digivolve Zone
      Then the action is refused for DB-B.7

    @DB-B.7 @DB-AMB-4
    Scenario: A Rookie cannot be prepared to become an Ultimate that DNA Digivolves, under "strict"
      # WereGarurumon ST-47 (Ultimate) DNA Digivolves from Garurumon and Wizardmon (or Meramon
      # and Apemon), Champions: over Gabumon, a Rookie, it would rise two levels in one Duel.
      # Under DB-AMB-4 "strict" a DNA Digivolve, too, goes up one level only.
      Given the reading "strict" of DB-AMB-4
      And it is my turn to prepare before the coin toss
      And my Duel Zone shows Gabumon ST-05
      And my hand holds WereGarurumon ST-47, Garurumon ST-06 and 8 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      When I try to put WereGarurumon ST-47 face down on my Digivolve Zone
      Then the action is refused for DB-B.7

    @DB-B.7
    Scenario: A Digimon that has Digivolved this Duel does not Digivolve again
      # DB-B.7: "A Digimon may Digivolve only one level per Duel." My Greymon ST-02 Digivolved
      # from Agumon this Duel; MetalGreymon BO-01 ("Greymon - DIGIVICE"), face down on my
      # Digivolve Zone with Digivice Green & Yellow ST-60 in hand, would be a second level.
      Given the position is loaded directly: no legal game - each player Digivolves or passes once in a Digivolve phase (DB-B.7), so a player who has Digivolved is not to move in it again
      And it is the Digivolve phase and my opponent goes first
      And my opponent has passed
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And I have Digivolved this Duel
      And my Digivolve Zone holds MetalGreymon BO-01 face down
      And my hand holds Digivice Green & Yellow ST-60 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to Digivolve into MetalGreymon BO-01 with Digivice Green & Yellow ST-60
      Then the action is refused for DB-B.7
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my Digivolve Zone holds MetalGreymon BO-01

    @DB-B.7
    Scenario: The phase ends when one player has Digivolved and the other passed
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      When I Digivolve into Greymon ST-02 paying 2 cards from Online
      And my opponent passes
      Then the phase is Battle
      And it is my turn

    @DB-B.7 @DB-D.5
    Scenario: The next Duel allows the next level
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds MetalGreymon BO-01, Digivice Green & Yellow ST-60 and 8 other cards
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so my Digimon stays (DB-C.6).
      And my opponent's Duel Zone shows Tentomon ST-07
      # MetalGreymon (Yellow Ultimate): DIGIVICE, from Greymon.
      When I put MetalGreymon BO-01 face down on my Digivolve Zone
      Then my Digivolve Zone holds MetalGreymon BO-01
