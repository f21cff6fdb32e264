Feature: Choices - the whole legal set where the rules let a player choose
  At the positions where a rule offers a choice (which cards to discard, which cards pay, which
  DNA partner, how to meet a Power Option's Use Requirements), the scenario counts the legal
  actions by hand; the vector records the whole legal set, so an engine that lists
  legal_actions is compared on every one of them (docs/PROTOCOL.md, legal sets as sets).

  "I" am player 0 and "my opponent" is player 1.

  @DB-D.1
  Scenario: Regroup: discard any one of my 6 cards, or draw
    Given it is my turn to regroup
    And my Duel Zone shows Agumon ST-01
    And my hand holds Palmon ST-09, Biyomon ST-03, Greymon ST-02, Metal Attack ST-53, Gabumon ST-05 and Blitz ST-52
    And my Online deck holds 19 cards
    Then my legal actions number 7

  @DB-B.3 @DB-AMB-1
  Scenario: Paying Greymon's 2 cards from a hand of 9 (reading "hand"): 36 payments or pass
    Given the reading "hand" of DB-AMB-1
    And it is the Digivolve phase and I go first
    And my Duel Zone shows Agumon ST-01
    And my Digivolve Zone holds Greymon ST-02 face down
    And my hand holds Palmon ST-09, Biyomon ST-03, Gabumon ST-05, Blitz ST-52 and 5 other cards
    And my opponent's Duel Zone shows Gabumon ST-05
    # C(9, 2) = 36 payments, and the pass.
    Then my legal actions number 37

  @DB-B.3 @DB-AMB-1
  Scenario: Paying Greymon's 2 cards (reading "choice"): from Online, 36 hand payments, or pass
    Given the reading "choice" of DB-AMB-1
    And it is the Digivolve phase and I go first
    And my Duel Zone shows Agumon ST-01
    And my Digivolve Zone holds Greymon ST-02 face down
    And my hand holds Palmon ST-09, Biyomon ST-03, Blitz ST-52 and 6 other cards
    And my Online deck holds 19 cards
    And my opponent's Duel Zone shows Gabumon ST-05
    # 1 Online payment + C(9, 2) = 36 hand payments + the pass.
    Then my legal actions number 38

  @DB-B.3
  Scenario: DNA Digivolve into Piximon: either of two Gekomon-like partners, or pass
    Given it is the Digivolve phase and I go first
    And my Duel Zone shows Tortomon ST-25 over Tentomon ST-07
    And my Digivolve Zone holds Piximon ST-30 face down
    And my hand holds Gekomon ST-27, Palmon ST-09, Blitz ST-52 and 6 other cards
    And my opponent's Duel Zone shows Gabumon ST-05
    # Piximon: DNA Tortomon + Gekomon; only Gekomon in the hand is a partner.
    Then my legal actions number 2

  @DB-C.2
  Scenario: Metal Attack's Use Requirement: discard any of my 8 other cards, or pass
    Given it is the Battle phase and I go first
    And my Duel Zone shows Greymon ST-02 over Agumon ST-01
    And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
    And my hand holds Metal Attack ST-53, Palmon ST-09, Biyomon ST-03 and 6 other cards
    # 8 cards to send Offline, and the pass.
    Then my legal actions number 9

  @DB-C.2 @DB-AMB-13
  Scenario: Digi-Duel with 2 Online cards under "no-effect": only unfulfilled, or pass
    Given the reading "no-effect" of DB-AMB-13
    And it is the Battle phase and I go first
    And my Duel Zone shows Greymon ST-02 over Agumon ST-01
    # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
    And my opponent's Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
    And my hand holds Digi-Duel ST-58 and 8 other cards
    And my Online deck holds 2 cards
    # Digi-Duel costs 3 Online cards: it can only be played without its effect.
    Then my legal actions number 2
