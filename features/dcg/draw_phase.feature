Feature: 6-3 Draw phase - the turn player draws 1 card, except in the first player's first turn
  The turn player draws 1 card. Only in the first player's first turn is there no draw; every
  later Draw phase draws 1 card. A player who must draw in their own Draw phase with an empty
  deck loses (CR4.2 Victory conditions); an empty deck at any other time is no loss.

  "I" am seat 0 and "my opponent" is seat 1. The first player is whoever won
  rock-paper-scissors, whatever their seat. A new game uses the shipped real decks red-memory
  (seat 0) and blue-tempo (seat 1), each shuffle answered with the cards in the order the game
  lists them. A scenario that starts from a described position reaches it by legal play from a
  new game: a deck that is empty has been drawn from in 40 earlier Draw phases (50 cards, 5 to
  the hand and 5 to Security at set-up). Cards are REAL cards of oracle/data/dcg/cards.json
  (printed name and number).

  Rule: DCG-6-3-1 The turn player draws 1 card

    @DCG-6-3-1
    Scenario: I draw the top card of my deck in my Draw phase
      Given it is my opponent's turn in the Main phase with memory 0
      And the top card of my deck is Vegiemon BT11-049
      And my deck holds 40 cards
      And my hand holds 5 cards
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my hand holds 6 cards
      And my hand includes Vegiemon BT11-049
      And my deck holds 39 cards

    @DCG-6-3-1
    Scenario: I cannot draw in my Draw phase because my deck is empty: I lose
      Given it is my opponent's turn in the Main phase with memory 3
      And my deck is empty
      When my opponent passes
      Then my opponent wins the game

    @DCG-6-3-1
    Scenario: My opponent cannot draw in their Draw phase: I win
      Given it is my turn in the Main phase with memory 3
      And my opponent's deck is empty
      When I pass
      Then I win the game

    @DCG-6-3-1
    Scenario: An empty deck outside the Draw phase is no loss: digivolving draws nothing
      # Birdramon ST1-05 digivolves from a red level 3 for 2; digivolving draws 1 card if it can.
      Given it is my turn in the Main phase with memory 3
      And my deck is empty
      And my battle area has Dracomon ST1-04
      And my hand holds Birdramon ST1-05 and 43 other cards
      When I digivolve Dracomon ST1-04 into Birdramon ST1-05
      Then the game goes on
      And it is still my turn in the Main phase
      And my battle area has an unsuspended Birdramon ST1-05 over Dracomon ST1-04
      And memory is 1 on my side
      And my hand holds 43 cards

    @DCG-6-3-1
    Scenario: A turn that ends before its Draw phase is no loss with an empty deck
      # My turn starts with memory 1 (Birdramon ST1-05 costs 4); Drain Testmon X-01 (test only:
      # no real card loses memory at the start of its turn) loses 2 and the turn ends before the
      # Draw phase. (My two digivolutions drew 2 cards, so my deck ran out before my
      # opponent's.)
      Given it is my opponent's turn in the Main phase with memory 3
      And my deck is empty
      And my battle area has an unsuspended Drain Testmon X-01 over Ikkakumon ST2-05 over Gomamon ST2-02
      And my opponent's hand holds Birdramon ST1-05
      When my opponent plays Birdramon ST1-05
      Then the game goes on
      And it is my opponent's turn in the Breeding phase

  Rule: DCG-6-3-1-1 Only the first player's first turn has no draw

    @DCG-6-3-1-1
    Scenario: I go first: no draw in my first turn
      Given a new game
      When the decks are shuffled
      And rock-paper-scissors is won by me
      And both players keep their hands
      Then it is my turn in the Breeding phase
      And my hand holds 5 cards
      And my deck holds 40 cards

    @DCG-6-3-1-1
    Scenario: My opponent goes first from seat 1: they skip the draw and I draw in my first turn
      Given a new game
      When the decks are shuffled
      And rock-paper-scissors is won by my opponent
      And both players keep their hands
      Then it is my opponent's turn in the Breeding phase
      And my opponent's hand holds 5 cards
      When my opponent does nothing in the Breeding phase
      And my opponent passes
      Then it is my turn in the Breeding phase
      And my hand holds 6 cards
      And my deck holds 39 cards

    @DCG-6-3-1-1
    Scenario: The first player draws in their second turn
      Given I went first
      And it is my opponent's turn in the Main phase
      And it is turn 2 of the game
      And my hand holds 5 cards
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my hand holds 6 cards

    @DCG-6-3-1-1
    Scenario: My opponent went first from seat 1 and draws in their second turn
      Given my opponent went first
      And it is my turn in the Main phase
      And it is turn 2 of the game
      And my opponent's hand holds 5 cards
      When I pass
      Then it is my opponent's turn in the Breeding phase
      And my opponent's hand holds 6 cards
