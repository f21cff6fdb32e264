Feature: 6-1 Turn flow - the turn player, the order of the phases, the turn-end condition
  One player at a time is the turn player. A turn runs its phases in the order Unsuspend, Draw,
  Breeding, Main; a phase does not move on while anything in it remains to be resolved; and
  when memory is 1 or more on the opponent's side and nothing remains to be resolved, the
  turn-end condition holds and the turn goes to "end of turn" in that same phase (6-6).

  "I" am seat 0 and "my opponent" is seat 1. Memory is the one shared gauge: "with memory 2"
  is on the side of the player whose turn it is; "memory is 1 on my opponent's side" says
  where the marker stands. "The turn ends" means the turn in progress when the scenario
  starts. Cards are REAL cards (oracle/data/dcg/cards.json, named by printed name and card
  number), except the INVENTED test-only Tamer Testzed X-03 (oracle/data/dcg/
  test-only-cards.json: no real card raises the turn-end threshold with a text the oracle
  implements); every cost, DP and effect used below is printed in a comment where it matters.

  Rule: DCG-6-1-1 One player at a time is the turn player

    @DCG-6-1-1
    Scenario: Only the turn player acts in the Main phase
      Given it is my turn in the Main phase with memory 3
      And my hand holds Dracomon ST1-04
      And my opponent's hand holds Bearmon ST2-04
      When my opponent tries to play Bearmon ST2-04
      Then the action is refused for DCG-6-1-1
      And it is still my turn in the Main phase
      And memory is 3 on my side
      And my opponent's hand includes Bearmon ST2-04

    @DCG-6-1-1
    Scenario: My opponent cannot pass in my turn
      # Only the turn player acts; a pass is one of the turn player's Main-phase actions
      # (DCG-6-5-1-7), and my opponent's would set memory to 3 on my side.
      Given it is my turn in the Main phase with memory 2
      When my opponent tries to pass
      Then the action is refused for DCG-6-1-1
      And it is still my turn in the Main phase
      And memory is 2 on my side

    @DCG-6-1-1
    Scenario: The other player cannot take a breeding action in my Breeding phase
      Given it is my turn in the Breeding phase
      And my opponent's Digi-Egg deck holds Tsunomon ST2-01
      When my opponent tries to hatch a Digi-Egg
      Then the action is refused for DCG-6-1-1
      And my opponent's Digi-Egg deck holds 1 card
      And my opponent's breeding area is empty

    @DCG-6-1-1
    Scenario: When my turn ends my opponent becomes the turn player
      Given it is my turn in the Main phase with memory 2
      When I pass
      Then the turn ends
      And it is my opponent's turn in the Breeding phase
      When my opponent does nothing in the Breeding phase
      Then it is my opponent's turn in the Main phase

    @DCG-6-1-1
    Scenario: Once my turn has ended I can no longer act
      Given it is my turn in the Main phase with memory 2
      And my hand holds Dracomon ST1-04
      When I pass
      And I try to play Dracomon ST1-04
      Then the action is refused for DCG-6-1-1
      And my hand includes Dracomon ST1-04

    @DCG-6-1-1
    Scenario: While the decks wait to be shuffled nobody acts
      # CR4.2 Game setup: the set-up's shuffles come before any decision; a player's action
      # while a chance outcome is due is refused for the set-up's rule.
      Given a new game
      When I try to keep my hand
      Then the action is refused for CR4.2 Game setup

    @DCG-6-1-1
    Scenario: No chance outcome is taken in the Main phase
      # CR4.2 Game setup: rock-paper-scissors decides the first player once, during the
      # set-up; in my Main phase no chance outcome is due, and one is refused for that rule.
      Given it is my turn in the Main phase with memory 3
      When rock-paper-scissors is won by my opponent
      Then the action is refused for CR4.2 Game setup
      And it is still my turn in the Main phase
      And memory is 3 on my side

    @DCG-6-1-1
    Scenario: Rock-paper-scissors is not decided while the decks wait to be shuffled
      # CR4.2 Game setup: the decks are shuffled first; the chance outcome due is a shuffle,
      # and an outcome of another kind is refused for the set-up's rule.
      Given a new game
      When rock-paper-scissors is won by me
      Then the action is refused for CR4.2 Game setup

    @DCG-6-1-1
    Scenario: While my deck's shuffle is due, a shuffle of my opponent's deck is refused
      # CR4.2 Game setup: each deck is shuffled, and the chance outcome due names whose deck
      # (docs/PROTOCOL.md: "the new order ... of exactly the cards the state's chance names").
      # Both seats hold the same deck list, so the order names the same cards: only the player
      # is wrong.
      Given a new game where both players use the red-memory deck
      When my opponent's deck is shuffled while mine is due
      Then the action is refused for CR4.2 Game setup

    @DCG-6-1-1
    Scenario: A shuffle that leaves out one of my cards is refused
      # CR4.2 Game setup: each deck is shuffled; the outcome is a new order of exactly the
      # cards of that deck, so an order without one of them is refused for the set-up's rule.
      Given a new game
      When my deck is shuffled without one of its cards
      Then the action is refused for CR4.2 Game setup

    # The set-up's card set and decks are read before any turn (CR4.2 "Deck construction" and
    # the card document's contract, schemas/dcg/card-set.schema.json, are outside chapter 6):
    # filed, like the set-up scenarios above, under DCG-6-1-1. A set-up that cannot be taken
    # as given is refused as invalid input, before any player acts. (Only what the card-set
    # schema cannot say is here: a vector's set-up is itself checked against the schemas, so
    # no vector holds a document or deck object they refuse.)

    @DCG-6-1-1
    Scenario: A card set in which a Tamer has DP is invalid input
      # Only Digimon have DP (the card document's contract: "DP exactly on Digimon"); Tai
      # Kamiya ST1-12 is a Tamer.
      Given a new game whose card set gives Tai Kamiya ST1-12 a DP of 1000
      Then the set-up is refused as invalid input

    @DCG-6-1-1
    Scenario: A card set that marks a card unsupported without saying why is invalid input
      # The card document's contract: a card the oracle does not implement ("supported":
      # false) says why ("unsupported"), so that a deck holding it is refused with the reason.
      # Greymon ST1-07 is in neither deck (red-memory, blue-tempo): the document alone is at
      # fault.
      Given a new game whose card set marks Greymon ST1-07 unsupported without saying why
      Then the set-up is refused as invalid input

    @DCG-6-1-1
    Scenario: A card set that lists one card number twice is invalid input
      # The card document's contract: each card once, under its card number (unique IDs,
      # schemas/dcg/card-set.schema.json), so that a deck's numbers name one card each. Here
      # Tai Kamiya ST1-12 (in red-memory) is listed again with a play cost of 3 instead of 2:
      # which of the two the deck holds cannot be told.
      Given a new game whose card set lists Tai Kamiya ST1-12 a second time with a play cost of 3
      Then the set-up is refused as invalid input

  Rule: DCG-6-1-2 A turn runs the Unsuspend, Draw, Breeding and Main phases in that order

    @DCG-6-1-2
    Scenario: A new turn unsuspends, draws, then waits for the breeding action
      # I went first: Dracomon played in turn 1 (5 - 1 = 4 cards), attacked in turn 3 (drew: 5).
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Dracomon ST1-04
      And the top card of my deck is Vegiemon BT11-049
      And my hand holds 5 cards
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my Dracomon ST1-04 is unsuspended
      And my hand holds 6 cards
      And my hand includes Vegiemon BT11-049
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase

    @DCG-6-1-2
    Scenario: The Main phase begins after the breeding action, with its start-of-phase effects
      # Angoramon LM-008: [Start of Your Main Phase] If you have a Tamer, gain 1 memory.
      # Tai Kamiya ST1-12 is a Tamer ([Your Turn] All of your Digimon get +1000 DP).
      Given it is my turn in the Breeding phase with memory 2
      And my battle area has Angoramon LM-008 and Tai Kamiya ST1-12
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase
      And memory is 3 on my side

    @DCG-6-1-2
    Scenario: A start-of-Main-phase effect whose condition fails changes nothing
      # Angoramon LM-008 without a Tamer of mine in play: no memory.
      Given it is my turn in the Breeding phase with memory 3
      And my battle area has Angoramon LM-008
      And my opponent's battle area has Tai Kamiya ST1-12
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase
      And memory is 3 on my side

    @DCG-6-1-2
    Scenario: The Breeding phase does not come back: no hatching in the Main phase
      Given it is my turn in the Main phase with memory 3
      And my Digi-Egg deck holds Koromon ST1-01
      When I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-4-1
      And my breeding area is empty
      And my Digi-Egg deck holds 1 card

    @DCG-6-1-2
    Scenario: Main-phase actions wait for the Main phase
      # A Digi-Egg could hatch: the Breeding phase holds a choice, so every engine waits.
      Given it is my turn in the Breeding phase with memory 3
      And my Digi-Egg deck holds Koromon ST1-01
      And my hand holds Dracomon ST1-04
      When I try to play Dracomon ST1-04
      Then the action is refused for DCG-6-5-1
      And it is still my turn in the Breeding phase
      And my battle area is empty

  Rule: DCG-6-1-3 A phase does not move on while anything in it remains to be resolved

    Background:
      # Groundramon BT1-020 costs 5: my opponent's turn ends with memory 2 on my side.
      # Tai Kamiya BT2-089: [Start of Your Turn] If you have 2 or less memory, set it to 3.
      # Vegiemon BT11-049: [Start of Your Turn] Gain 1 memory.
      Given it is my opponent's turn in the Main phase with memory 3
      And my opponent's hand holds Groundramon BT1-020

    @DCG-6-1-3
    Scenario: Resolving an effect when none is waiting is refused
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      When I try to resolve a pending effect that is not there
      Then the action is refused for DCG-6-1-3
      And memory is 3 on my side

    @DCG-6-1-3
    Scenario: Choosing targets when no choice is due is refused
      # Nothing waits to be resolved and no effect asks for a choice: a choose answers nothing.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      When I try to choose no Digimon
      Then the action is refused for DCG-6-1-3
      And memory is 3 on my side

    @DCG-6-1-3
    Scenario: Resolving an effect that is not waiting is refused
      # Two start-of-turn effects wait (at indices 0 and 1): a third one named is not there.
      Given my battle area has Tai Kamiya BT2-089 and Vegiemon BT11-049
      When my opponent plays Groundramon BT1-020
      And I try to resolve a pending effect that is not there
      Then the action is refused for DCG-6-1-3

    @DCG-6-1-3
    Scenario: The Unsuspend phase waits while two start-of-turn effects wait for their order
      Given my battle area has Tai Kamiya BT2-089 and Vegiemon BT11-049
      And my battle area has a suspended Dracomon ST1-04
      When my opponent plays Groundramon BT1-020
      Then it is my turn in the Unsuspend phase
      And 2 effects are waiting to resolve
      And my Dracomon ST1-04 is suspended
      And memory is 2 on my side

    @DCG-6-1-3
    Scenario: Nothing else is done until the waiting effects are resolved
      Given my battle area has Tai Kamiya BT2-089 and Vegiemon BT11-049
      And my Digi-Egg deck holds Koromon ST1-01
      When my opponent plays Groundramon BT1-020
      And I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-1-3
      And 2 effects are waiting to resolve
      And my breeding area is empty

    @DCG-6-1-3
    Scenario: Once the effects are resolved the turn moves on to the next phases
      Given my battle area has Tai Kamiya BT2-089 and Vegiemon BT11-049
      And my battle area has a suspended Dracomon ST1-04
      When my opponent plays Groundramon BT1-020
      And I resolve the effect of Tai Kamiya BT2-089 first
      Then it is my turn in the Breeding phase
      And nothing is waiting to resolve
      And memory is 4 on my side
      And my Dracomon ST1-04 is unsuspended

  Rule: DCG-6-1-4-1 Memory 1 or more on the opponent's side with nothing to resolve ends the turn

    @DCG-6-1-4-1
    Scenario: Paying a cost past 0 to my opponent's side ends my turn
      # Dracomon ST1-04 costs 3.
      Given it is my turn in the Main phase with memory 2
      And my hand holds Dracomon ST1-04
      When I play Dracomon ST1-04
      Then the turn ends
      And memory is 1 on my opponent's side
      And it is my opponent's turn in the Breeding phase
      And my battle area has an unsuspended Dracomon ST1-04

    @DCG-6-1-4-1
    Scenario: Memory at exactly 0 does not end the turn
      Given it is my turn in the Main phase with memory 3
      And my hand holds Dracomon ST1-04
      When I play Dracomon ST1-04
      Then the turn does not end
      And memory is 0
      And it is still my turn in the Main phase

    @DCG-6-1-4-1
    Scenario: A [Security] effect moves memory to my opponent's side; the turn ends after it
      # Hammer Spark ST2-13 [Security]: Gain 2 memory (for its owner, my opponent): memory 1 on
      # my side goes to 1 on my opponent's side during my attack; the security check is done
      # (the card is trashed, no battle for an Option) and then my turn ends.
      Given it is my turn in the Main phase with memory 1
      And my battle area has an unsuspended Dracomon ST1-04
      And the top card of my opponent's security is Hammer Spark ST2-13
      When I attack my opponent with Dracomon ST1-04
      Then the turn ends
      And memory is 1 on my opponent's side
      And my opponent's security holds 4 cards
      And my opponent's trash includes Hammer Spark ST2-13
      And my Dracomon ST1-04 is suspended

    @DCG-6-1-4-1
    Scenario: An Option's effect resolves before the turn-end condition is looked at
      # Hammer Spark ST2-13 (blue Option) costs 0: [Main] Gain 1 memory. Bearmon ST2-04 is blue.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Bearmon ST2-04
      And my hand holds Hammer Spark ST2-13
      When I use Hammer Spark ST2-13
      Then the turn does not end
      And memory is 4 on my side
      And my trash includes Hammer Spark ST2-13

    @DCG-6-1-4-1
    Scenario: Under Tamer Testzed, memory 2 on my opponent's side does not end my turn
      # Tamer Testzed X-03 (test only): [Your Turn] Your turn ends only when memory is 6 or
      # more on your opponent's side. Biyomon ST1-02 (cost 2) stays playable afterwards.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Dracomon ST1-04 and Biyomon ST1-02
      When I play Dracomon ST1-04
      Then the turn does not end
      And memory is 2 on my opponent's side

    @DCG-6-1-4-1
    Scenario: My opponent's Tamer Testzed does not raise the threshold of my turn
      # Tamer Testzed is a [Your Turn] effect: it works only in its owner's turn (QA2450). My
      # opponent's turn ended only at 6 on my side (Tamer Testzed 4, then Biyomon ST1-02 2,
      # from 0). Phoenixmon ST1-10 costs 10: 4 on my opponent's side, below 6, and my turn
      # ends.
      Given it is my turn in the Main phase with memory 6
      And my opponent's battle area has Tamer Testzed X-03 and Biyomon ST1-02
      And my hand holds Phoenixmon ST1-10
      When I play Phoenixmon ST1-10
      Then the turn ends
      And memory is 4 on my opponent's side

    @DCG-6-1-4-1
    Scenario: Under Tamer Testzed, memory 6 on my opponent's side ends my turn
      # MetalGreymon BT1-021 costs 6.
      Given it is my turn in the Main phase with memory 0
      And my battle area has Tamer Testzed X-03
      And my hand holds MetalGreymon BT1-021 and Biyomon ST1-02
      When I play MetalGreymon BT1-021
      Then the turn ends
      And memory is 6 on my opponent's side
