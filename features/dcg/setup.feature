Feature: Set-up - the decks a game is played with (CR4.2 Deck construction)
  Before the game, each player's deck is checked: a main deck of exactly 50 cards, a Digi-Egg
  deck of 0 to 5 Digi-Eggs, and at most 4 cards of the same card number in the deck
  (docs/rules/DCG-CONTEXT.md 1.3, CR4.2 "Deck construction"). A game with an illegal deck is
  not set up; the refusal names that rule.

  "I" am seat 0 and "my opponent" is seat 1. Every game here starts from the shipped decks
  red-memory (mine) and blue-tempo (my opponent's), both legal, and changes one deck list by a
  few REAL cards of those decks (oracle/data/dcg/decks/), so that each deck breaks exactly one
  rule and an engine that knows only the real cards of the shipped decks can play it.
  red-memory holds 4 Agumon ST1-03, 1 Elecmon BT1-028 and 4 Digi-Eggs Koromon ST1-01;
  blue-tempo holds 4 Bearmon ST2-04, 1 Monodramon BT1-009 and 4 Digi-Eggs Tsunomon ST2-01.

  Rule: CR4.2 Deck construction - 50 main cards, 0 to 5 Digi-Eggs, at most 4 of a card number

    @CR4.2-Deck-construction
    Scenario: A fifth Digi-Egg of another number is accepted
      # 5 Digi-Eggs (4 Koromon, 1 Tsunomon): the Digi-Egg deck may hold up to 5.
      Given a new game
      And my deck list has 1 more Tsunomon ST2-01
      When the game is set up
      Then the game is being set up
      And my deck holds 50 cards
      And my Digi-Egg deck holds 5 cards

    @CR4.2-Deck-construction
    Scenario Outline: Legal decks are accepted on the shipped card set the set-up names
      # red-memory and blue-tempo keep every rule (50 main cards, 4 Digi-Eggs each, no number
      # over 4), and every card of them is in both shipped card sets: the REAL one, dcg-real,
      # and dcg-real+test-only (the real cards plus the invented test-only ones), which a
      # set-up names as "card_set": {"name": ...}.
      Given a new game on the shipped card set named <card set>
      When the game is set up
      Then the game is being set up
      And my deck holds 50 cards
      And my Digi-Egg deck holds 4 cards

      Examples:
        | card set           |
        | dcg-real           |
        | dcg-real+test-only |

    @CR4.2-Deck-construction
    Scenario: A main deck with 5 copies of a card number is refused
      # 50 cards: 5 Agumon ST1-03 in place of the one Elecmon.
      Given a new game
      And my deck list has 1 more Agumon ST1-03
      And my deck list has 1 fewer Elecmon BT1-028
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: My opponent's main deck with 5 copies of a card number is refused
      # 50 cards: 5 Bearmon ST2-04 in place of the one Monodramon; my deck is legal.
      Given a new game
      And my opponent's deck list has 1 more Bearmon ST2-04
      And my opponent's deck list has 1 fewer Monodramon BT1-009
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: A main deck of 49 cards is refused
      Given a new game
      And my deck list has 1 fewer Elecmon BT1-028
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: A main deck of 51 cards is refused
      # 2 Elecmon BT1-028: no number over 4, one card too many.
      Given a new game
      And my deck list has 1 more Elecmon BT1-028
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: A Digi-Egg deck of 6 cards is refused
      # 4 Koromon and 2 Tsunomon: no number over 4, one Digi-Egg too many.
      Given a new game
      And my deck list has 2 more Tsunomon ST2-01
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: A Digi-Egg deck with 5 copies of a card number is refused
      # 5 Koromon ST1-01: 5 Digi-Eggs is allowed, 5 of one number is not.
      Given a new game
      And my deck list has 1 more Koromon ST1-01
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: A Digi-Egg in the main deck is refused
      # Digi-Eggs make up the Digi-Egg deck (CR4.2 1-4-1-3, DCG-CONTEXT 1.3); the 50 cards of
      # the main deck (1-4-1-2) are the other cards. 50 cards: 1 Tsunomon ST2-01, a Digi-Egg
      # not in my Digi-Egg deck (4 Koromon), in place of the one Elecmon; no number over 4.
      Given a new game
      And my deck list has 1 more Tsunomon ST2-01 in its main deck
      And my deck list has 1 fewer Elecmon BT1-028
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: A Digimon in the Digi-Egg deck is refused
      # The Digi-Egg deck holds 0 to 5 Digi-Eggs (CR4.2 1-4-1-3), no other card. 4 Koromon and
      # 1 Elecmon BT1-028 (a Digimon): 5 cards; 2 Elecmon in all; the main deck still 50.
      Given a new game
      And my deck list has 1 more Elecmon BT1-028 in its Digi-Egg deck
      When the game is set up
      Then the set-up is refused for CR4.2 Deck construction

    @CR4.2-Deck-construction
    Scenario: A deck that names a card its card set does not hold is invalid input
      # A deck is built of cards (CR4.2 1-4-1-2); the set-up's card set (dcg-real) says what
      # each card number is. ST1-17 is no card: the starter deck ST-1 has 16 (ST1-01..ST1-16).
      # The deck cannot be read, let alone checked: invalid input, not an illegal deck.
      Given a new game
      And my deck list has 1 more of card number ST1-17, which no card of its card set has
      And my deck list has 1 fewer Elecmon BT1-028
      When the game is set up
      Then the set-up is refused as invalid input
