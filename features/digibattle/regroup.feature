Feature: D. Regroup
  After each Duel, each player may discard any cards from the hand to Offline and then restores
  the hand to 10 cards from the Online deck (the only time a hand is restored). A player showing
  a Rookie may change it, and players may prepare to Digivolve by putting a next-level card face
  down on the Digivolve Zone. The winner of the last Duel starts the new Duel at step B.2; after
  a tie, the player who went first last time starts it.

  "I" am player 0 and "my opponent" is player 1. In Regroup I (seat 0) discard, restore my hand
  and prepare first, then my opponent does the same. Running out of Online cards is in
  exhaustion.feature.

  Rule: DB-D.1 Discard any number, then restore the hand to 10 from Online

    @DB-D.1
    Scenario: I restore my hand to 10 cards from the Online deck
      Given this is Duel 1
      And it is my turn to regroup
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds 6 cards
      And my Online deck holds 17 cards
      When I restore my hand
      Then my hand holds 10 cards
      And my Online deck holds 13 cards
      And the phase is Regroup
      And it is my turn

    @DB-D.1
    Scenario: I discard two cards first and draw six
      Given it is my turn to regroup
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds Palmon ST-09, Biyomon ST-03 and 4 other cards
      And my Online deck holds 12 cards
      When I discard Palmon ST-09 and Biyomon ST-03
      And I restore my hand
      Then my hand holds 10 cards
      And my Online deck holds 6 cards
      And my Offline pile holds 12 cards
      And my Offline pile includes Palmon ST-09 and Biyomon ST-03

    @DB-D.1
    Scenario: A full hand draws nothing
      Given it is my turn to regroup
      And my Duel Zone shows Agumon ST-01
      And my hand holds 10 cards
      And my Online deck holds 12 cards
      When I restore my hand
      Then my hand holds 10 cards
      And my Online deck holds 12 cards

    @DB-D.1
    Scenario: Only cards in the hand can be discarded
      Given it is my turn to regroup
      And my Duel Zone shows Agumon ST-01
      And my hand holds 6 cards
      And my Online deck holds Palmon ST-09 on top of 11 other cards
      When I try to discard Palmon ST-09
      Then the action is refused for DB-D.1

    @DB-D.1
    Scenario: A discard after the hand is restored is refused
      # DB-D.1: each player "may discard any cards from the hand to Offline and then restores
      # the hand to 10 cards": the discards come first; once the hand is restored, the
      # Regroup discard is over.
      Given it is my turn to regroup
      And my Duel Zone shows Agumon ST-01
      And my hand holds Palmon ST-09 and 5 other cards
      And my Online deck holds 12 cards
      When I restore my hand
      And I try to discard Palmon ST-09
      Then the action is refused for DB-D.1
      And my hand holds 10 cards
      And my hand includes Palmon ST-09
      And my Online deck holds 8 cards

    @DB-D.1
    Scenario: The hand is not restored during the Battle phase
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      # Blitz (no Use Requirement) leaves me a real choice, so no engine passes for me.
      And my hand holds Blitz ST-52 and 8 other cards
      When I try to restore my hand
      Then the action is refused for DB-D.1

  Rule: DB-D.4 A player showing a Rookie may change it

    @DB-D.4 @DB-D.5
    Scenario: I change Agumon for Palmon and Digivolve the new Rookie into Togemon
      Given this is Duel 2
      And I won the last Duel
      And it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Palmon ST-09, Togemon ST-10 and 8 other cards
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so my Digimon stays (DB-C.6).
      And my opponent's Duel Zone shows Tentomon ST-07
      # Togemon: from Palmon, 2 cards Offline.
      Then my legal actions include setting up a Rookie change to Palmon ST-09
      When I set up a Rookie change to Palmon ST-09
      And I put Togemon ST-10 face down on my Digivolve Zone
      And my opponent restores their hand
      And my opponent is ready
      Then it is Duel 3
      And the phase is Digivolve
      And it is my turn
      When I Digivolve into Togemon ST-10 paying 2 cards from Online
      Then my Duel Zone shows Togemon ST-10 over Palmon ST-09
      And my Offline pile includes Agumon ST-01

    @DB-D.4
    Scenario: The new Rookie is turned over even when I pass
      Given it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And I have set up a Rookie change to Palmon ST-09
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Tentomon ST-07
      When I pass
      Then my Duel Zone shows Palmon ST-09
      And my Offline pile includes Agumon ST-01

    @DB-D.4
    Scenario: The Rookie is changed once: a new Rookie face down is no Rookie showing
      # DB-D.4: the option of changing the Rookie "if they have one showing": the new Rookie is
      # placed face down on top of the old one, and on my turn "the new Rookie" is turned over
      # and "the old Rookie" goes Offline. Once Palmon lies face down on Agumon, no Rookie is
      # showing to change a second time.
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Palmon ST-09, Gabumon ST-05 and 8 other cards
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so my Digimon stays (DB-C.6).
      And my opponent's Duel Zone shows Tentomon ST-07
      When I set up a Rookie change to Palmon ST-09
      And I try to set up a Rookie change to Gabumon ST-05
      Then the action is refused for DB-D.4
      And my hand includes Gabumon ST-05

    @DB-D.4
    Scenario: Only a Rookie can replace the Rookie
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to set up a Rookie change to Greymon ST-02
      Then the action is refused for DB-D.4

    @DB-D.4 @DB-AMB-8
    Scenario: The Rookie cannot be changed while a Champion is showing
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds Palmon ST-09 and 9 other cards
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so my Digimon stays (DB-C.6).
      And my opponent's Duel Zone shows Tentomon ST-07
      When I try to set up a Rookie change to Palmon ST-09
      Then the action is refused for DB-D.4

    @DB-D.4
    Scenario: The Rookie is changed only in Regroup
      Given it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my hand holds Palmon ST-09 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to set up a Rookie change to Palmon ST-09
      Then the action is refused for DB-D.4

    @DB-D.4
    Scenario: The Rookie is not changed once a card waits face down on my Digivolve Zone
      # DB-D.4: "put the new Rookie face down on top of the old one (and may put a Champion
      # that Digivolves from the new Rookie face down on the Digivolve Zone)": the change comes
      # first and the card on the Digivolve Zone Digivolves from the new Rookie. Greymon ST-02,
      # waiting there for Agumon, is no card for Palmon ST-09: the change is refused and the
      # zones stay as they are.
      Given the position is loaded directly: no legal game - at every Duel's end the Digivolve Zone is empty (its card was turned over, DB-B.2/B.4, or sent Offline, DB-B.5) and a preparation ends that player's turn to prepare, so no Rookie change finds a card already waiting
      And it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds Palmon ST-09 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to set up a Rookie change to Palmon ST-09
      Then the action is refused for DB-D.4
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02
      And my hand includes Palmon ST-09

  Rule: DB-D.5 Prepare to Digivolve: a next-level card face down on the Digivolve Zone

    @DB-D.5 @DB-AMB-1
    Scenario: Under "hand", Greymon is prepared with exactly the 2 cards it asks for beside it in my hand
      # Greymon ST-02: "Agumon - offline 2 cards"; under the reading "hand" of DB-AMB-1 they
      # come from the hand, and DB-B.0 asks only that the requirement can be fulfilled: Greymon
      # and 2 other cards in hand are enough.
      Given the reading "hand" of DB-AMB-1
      And the position is loaded directly: no legal game - under these readings every Regroup restores the hand to 10 (DB-D.1, DB-D.2: a short Online deck is recycled from the whole Offline pile, DB-AMB-3's default "whole-offline"), and at most 5 of the 30 cards lie on the Duel Zone and the Digivolve Zone
      And it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 2 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      Then my legal actions include putting Greymon ST-02 face down on my Digivolve Zone
      When I put Greymon ST-02 face down on my Digivolve Zone
      Then my Digivolve Zone holds Greymon ST-02
      And my hand holds 2 cards

    @DB-D.5
    Scenario: I prepare Greymon in Regroup
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I put Greymon ST-02 face down on my Digivolve Zone
      Then my Digivolve Zone holds Greymon ST-02
      And my hand holds 9 cards
      And it is my opponent's turn

    @DB-D.5
    Scenario: A card without the right Digivolve Requirements cannot be prepared
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my hand holds Garurumon ST-06 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Garurumon ST-06 face down on my Digivolve Zone
      Then the action is refused for DB-D.5

    @DB-D.5 @DB-B.0 @DB-B.3
    Scenario: MegaKabuterimon cannot be prepared with only a DIGIVICE of another Battle Type
      # DB-B.0: the card prepared is "a next-level Digimon whose Digivolve Requirements name the
      # Digimon now on their Duel Zone, and whose other requirements they can fulfil".
      # MegaKabuterimon ST-28 (Red) Digivolves from Kabuterimon with a DIGIVICE (DB-B.3), and
      # Digivice Green & Yellow ST-60 is for a Green or Yellow Digimon: not fulfilled.
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds MegaKabuterimon ST-28, Digivice Green & Yellow ST-60 and 8 other cards
      # Kabuterimon against Red: 200; Agumon against Red: 140 (Kabuterimon won the Duel).
      And my opponent's Duel Zone shows Agumon ST-01
      When I try to put MegaKabuterimon ST-28 face down on my Digivolve Zone
      Then the action is refused for DB-D.5

    @DB-D.5 @DB-B.0 @DB-B.3
    Scenario: Piximon cannot be prepared over Tortomon with a DIGIVICE but without its DNA partner
      # DB-B.0: "whose other requirements they can fulfil". Piximon ST-30 (Green) Digivolves
      # only by DNA (Tortomon and Gekomon, DB-B.3 (b)); Digivice Green & Yellow ST-60 fits its
      # Battle Type, but a DIGIVICE is no way to meet a DNA requirement, and Gekomon ST-27 is
      # not in my hand.
      Given it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Tortomon ST-25 over Tentomon ST-07
      And my hand holds Piximon ST-30, Digivice Green & Yellow ST-60 and 8 other cards
      # Tortomon against Red: 210; Agumon against Red: 140 (Tortomon won the Duel).
      And my opponent's Duel Zone shows Agumon ST-01
      When I try to put Piximon ST-30 face down on my Digivolve Zone
      Then the action is refused for DB-D.5
      And my hand includes Piximon ST-30

    @DB-D.5
    Scenario: A second card cannot be prepared while one waits face down on my Digivolve Zone
      # DB-D.5 (as DB-B.0): the preparation puts a card face down on the Digivolve Zone, which
      # holds one. With Greymon ST-02 already waiting there, Togemon ST-10 ("Agumon - offline
      # 2 cards"), which Agumon could otherwise be prepared with, is refused, and Greymon stays.
      Given the position is loaded directly: no legal game - at every Duel's end the Digivolve Zone is empty (its card was turned over, DB-B.2/B.4, or sent Offline, DB-B.5) and a preparation ends that player's turn to prepare, so no preparation finds a card already waiting
      And it is my turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my hand holds Togemon ST-10 and 9 other cards
      And my opponent's Duel Zone shows Gabumon ST-05
      When I try to put Togemon ST-10 face down on my Digivolve Zone
      Then the action is refused for DB-D.5
      And my Digivolve Zone holds Greymon ST-02
      And my hand holds 10 cards

  Rule: DB-D.6 The last Duel's winner starts the new Duel at B.2; after a tie, the last first player

    @DB-D.6
    Scenario: The winner of the last Duel starts the new Duel, with no coin toss
      Given this is Duel 2
      And I won the coin toss
      And my opponent won the last Duel
      And it is my opponent's turn to prepare in the Regroup phase
      And my Duel Zone shows Agumon ST-01
      And my Digivolve Zone holds Greymon ST-02 face down
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When my opponent is ready
      Then it is Duel 3
      And the phase is Digivolve
      And it is my opponent's turn
      And no chance outcome is due

    @DB-D.6 @DB-C.8
    Scenario: After a tie the player who went first last time starts the new Duel
      Given it is the Battle phase and my opponent goes first
      And my opponent won the coin toss
      And my Duel Zone shows Agumon ST-01
      And my hand holds Greymon ST-02 and 9 other cards
      And my opponent's Duel Zone shows Agumon ST-01
      When my opponent passes
      And I pass
      Then the Duel is a tie
      When I restore my hand
      And I put Greymon ST-02 face down on my Digivolve Zone
      And my opponent restores their hand
      And my opponent is ready
      Then it is Duel 2
      And the phase is Digivolve
      And it is my opponent's turn
