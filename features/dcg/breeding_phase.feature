Feature: 6-4 Breeding phase - exactly one of hatch, move out, or do nothing
  In the Breeding phase the turn player does exactly one of: hatch (turn the top card of the
  Digi-Egg deck face up into the breeding area), move a Digimon from the breeding area to the
  battle area, or do nothing; then the Main phase begins.

  From other chapters (CR4.2 Hatching, Moving): hatching needs an empty breeding area and a
  Digi-Egg deck with a card in it; only a Digimon with DP can move out (a level-2 Digi-Egg has
  no DP); a moved Digimon is not "played": no cost, no [On Play], and it may attack this turn. An empty
  Digi-Egg deck is no loss.

  "I" am seat 0 and "my opponent" is seat 1. Cards are REAL cards of oracle/data/dcg/cards.json
  (printed name and card number): Koromon ST1-01 and Tsunomon ST2-01 are Digi-Eggs without DP
  (their inherited effects only add DP to the Digimon above them); Dracomon ST1-04 (4000 DP)
  and Gomamon ST2-02 (3000 DP) are level 3 Digimon without text.

  Rule: DCG-6-4-1 Exactly one breeding action per Breeding phase

    @DCG-6-4-1
    Scenario: One breeding action, then the Main phase
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck holds Koromon ST1-01 and Tsunomon ST2-01
      When I hatch a Digi-Egg
      Then it is my turn in the Main phase
      And my breeding area holds an unsuspended Koromon ST1-01
      And my Digi-Egg deck holds 1 card

    @DCG-6-4-1
    Scenario: A Digi-Egg hatched in this Breeding phase cannot also be moved out
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck holds Koromon ST1-01
      When I hatch a Digi-Egg
      And I try to move Koromon ST1-01 out of the breeding area
      Then the action is refused for DCG-6-4-1
      And my breeding area holds an unsuspended Koromon ST1-01
      And my battle area is empty

    @DCG-6-4-1
    Scenario: After moving a Digimon out I cannot also hatch
      Given it is my turn in the Breeding phase with memory 3
      And my breeding area holds Dracomon ST1-04 over Koromon ST1-01
      And my Digi-Egg deck holds Tsunomon ST2-01
      When I move Dracomon ST1-04 out of the breeding area
      And I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-4-1
      And my breeding area is empty
      And my Digi-Egg deck holds 1 card

    @DCG-6-4-1
    Scenario: After doing nothing I cannot hatch in the same turn
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck holds Koromon ST1-01
      When I do nothing in the Breeding phase
      And I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-4-1
      And my breeding area is empty

  Rule: DCG-6-4-1-1 Hatch: the top card of the Digi-Egg deck goes face up to the breeding area

    @DCG-6-4-1-1
    Scenario: Hatching takes the top card of the Digi-Egg deck
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck holds Tsunomon ST2-01 and Koromon ST1-01
      When I hatch a Digi-Egg
      Then my breeding area holds an unsuspended Tsunomon ST2-01
      And my Digi-Egg deck holds 1 card

    @DCG-6-4-1-1
    Scenario: I cannot hatch while the breeding area holds a card
      # Dracomon ST1-04 could move out: the Breeding phase holds a choice, so every engine waits.
      Given it is my turn in the Breeding phase with memory 3
      And my breeding area holds Dracomon ST1-04 over Koromon ST1-01
      And my Digi-Egg deck holds Tsunomon ST2-01
      When I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-4-1-1
      And my breeding area holds an unsuspended Dracomon ST1-04 over Koromon ST1-01
      And my Digi-Egg deck holds 1 card
      And it is still my turn in the Breeding phase

    @DCG-6-4-1-1
    Scenario: I cannot hatch from an empty Digi-Egg deck, and that is no loss
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck is empty
      When I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-4-1-1
      And the game goes on
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase

  Rule: DCG-6-4-1-2 Move: a Digimon in the breeding area moves to the battle area

    @DCG-6-4-1-2
    Scenario: Moving a Digimon from the breeding area to the battle area
      Given it is my turn in the Breeding phase with memory 3
      And my breeding area holds Dracomon ST1-04 over Koromon ST1-01
      When I move Dracomon ST1-04 out of the breeding area
      Then my battle area has an unsuspended Dracomon ST1-04 over Koromon ST1-01
      And my breeding area is empty
      And it is my turn in the Main phase

    @DCG-6-4-1-2
    Scenario: A Digimon moved out of the breeding area may attack this turn
      Given it is my turn in the Breeding phase with memory 3
      And my breeding area holds Dracomon ST1-04 over Koromon ST1-01
      When I move Dracomon ST1-04 out of the breeding area
      And I attack my opponent with Dracomon ST1-04
      Then my opponent's security holds 4 cards
      And my Dracomon ST1-04 is suspended

    @DCG-6-4-1-2
    Scenario: Moving is not playing: no cost is paid and the cards under it stay
      # Gomamon ST2-02 costs 2 to play; moving it costs nothing (CR4.2 Moving, QA912).
      Given it is my turn in the Breeding phase with memory 3
      And my breeding area holds Gomamon ST2-02 over Tsunomon ST2-01
      When I move Gomamon ST2-02 out of the breeding area
      Then my battle area has an unsuspended Gomamon ST2-02 over Tsunomon ST2-01
      And memory is 3 on my side

    @DCG-6-4-1-2
    Scenario: A Digi-Egg without DP cannot move out of the breeding area
      Given it is my turn in the Breeding phase with memory 3
      And my breeding area holds Koromon ST1-01
      When I try to move Koromon ST1-01 out of the breeding area
      Then the action is refused for DCG-6-4-1-2
      And my breeding area holds an unsuspended Koromon ST1-01
      And it is still my turn in the Breeding phase

    @DCG-6-4-1-2
    Scenario: Nothing moves out of an empty breeding area
      # A Digi-Egg could hatch: the Breeding phase holds a choice, so every engine waits.
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck holds Koromon ST1-01
      When I try to move Dracomon ST1-04 out of the breeding area
      Then the action is refused for DCG-6-4-1-2
      And my battle area is empty

  Rule: DCG-6-4-1-3 Do nothing: go on to the next phase

    @DCG-6-4-1-3
    Scenario: Doing nothing goes on to the Main phase and hatches nothing
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck holds Koromon ST1-01
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase
      And my breeding area is empty
      And my Digi-Egg deck holds 1 card

    @DCG-6-4-1-3
    Scenario: Doing nothing leaves a Digimon in the breeding area
      Given it is my turn in the Breeding phase with memory 3
      And my breeding area holds Dracomon ST1-04 over Koromon ST1-01
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase
      And my breeding area holds an unsuspended Dracomon ST1-04 over Koromon ST1-01
      And my battle area is empty
