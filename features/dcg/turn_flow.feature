Feature: 6-1 Turn flow - the turn player, the order of the phases, the turn-end condition
  One player at a time is the turn player. A turn runs its phases in the order Unsuspend, Draw,
  Breeding, Main; a phase does not move on while anything in it remains to be resolved; and
  when memory is 1 or more on the opponent's side and nothing remains to be resolved, the
  turn-end condition holds and the turn goes to "end of turn" in that same phase (6-6).

  "I" am seat 0 and "my opponent" is seat 1. Memory is the one shared gauge: "with memory 2"
  is on the side of the player whose turn it is; "memory is 1 on my opponent's side" says
  where the marker stands. "The turn ends" means the turn in progress when the scenario
  starts. Cards are the INVENTED test cards of oracle/data/dcg/test-cards.json; every cost, DP
  and effect used below is printed in a comment where it matters.

  Rule: DCG-6-1-1 One player at a time is the turn player

    @DCG-6-1-1
    Scenario: Only the turn player acts in the Main phase
      Given it is my turn in the Main phase with memory 3
      And my hand holds Redling T-03
      And my opponent's hand holds Bluefin T-05
      When my opponent tries to play Bluefin T-05
      Then the action is refused for DCG-6-1-1
      And it is still my turn in the Main phase
      And memory is 3 on my side
      And my opponent's hand includes Bluefin T-05

    @DCG-6-1-1
    Scenario: The other player cannot take a breeding action in my Breeding phase
      Given it is my turn in the Breeding phase
      And my opponent's Digi-Egg deck holds Testegg Blue T-02
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
      And my hand holds Redling T-03
      When I pass
      And I try to play Redling T-03
      Then the action is refused for DCG-6-1-1
      And my hand includes Redling T-03

  Rule: DCG-6-1-2 A turn runs the Unsuspend, Draw, Breeding and Main phases in that order

    @DCG-6-1-2
    Scenario: A new turn unsuspends, draws, then waits for the breeding action
      Given it is my opponent's turn in the Main phase with memory 1
      And my battle area has a suspended Redling T-03
      And the top card of my deck is Tamer Bea T-14
      And my hand holds 4 cards
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my Redling T-03 is unsuspended
      And my hand holds 5 cards
      And my hand includes Tamer Bea T-14
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase

    @DCG-6-1-2
    Scenario: The Main phase begins after the breeding action, with its start-of-phase effects
      # Wavecrest T-08: [Start of Your Main Phase] Gain 1 memory.
      Given it is my turn in the Breeding phase with memory 2
      And my battle area has Wavecrest T-08
      When I do nothing in the Breeding phase
      Then it is my turn in the Main phase
      And memory is 3 on my side

    @DCG-6-1-2
    Scenario: The Breeding phase does not come back: no hatching in the Main phase
      Given it is my turn in the Main phase with memory 3
      And my Digi-Egg deck holds Testegg Red T-01
      When I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-4-1
      And my breeding area is empty
      And my Digi-Egg deck holds 1 card

    @DCG-6-1-2
    Scenario: Main-phase actions wait for the Main phase
      Given it is my turn in the Breeding phase with memory 3
      And my hand holds Redling T-03
      When I try to play Redling T-03
      Then the action is refused for DCG-6-5-1
      And it is still my turn in the Breeding phase
      And my battle area is empty

  Rule: DCG-6-1-3 A phase does not move on while anything in it remains to be resolved

    Background:
      # Emberpup T-04 costs 2: my opponent's turn ends with memory 2 on my side.
      # Tamer Ace T-13: [Start of Your Turn] If you have 2 or less memory, set it to 3.
      # Tamer Bea T-14: [Start of Your Turn] Gain 1 memory.
      Given it is my opponent's turn in the Main phase with memory 0
      And my opponent's hand holds Emberpup T-04

    @DCG-6-1-3
    Scenario: The Unsuspend phase waits while two start-of-turn effects wait for their order
      Given my battle area has Tamer Ace T-13 and Tamer Bea T-14
      And my battle area has a suspended Redling T-03
      When my opponent plays Emberpup T-04
      Then it is my turn in the Unsuspend phase
      And 2 effects are waiting to resolve
      And my Redling T-03 is suspended
      And memory is 2 on my side

    @DCG-6-1-3
    Scenario: Nothing else is done until the waiting effects are resolved
      Given my battle area has Tamer Ace T-13 and Tamer Bea T-14
      And my Digi-Egg deck holds Testegg Red T-01
      When my opponent plays Emberpup T-04
      And I try to hatch a Digi-Egg
      Then the action is refused for DCG-6-1-3
      And 2 effects are waiting to resolve
      And my breeding area is empty

    @DCG-6-1-3
    Scenario: Once the effects are resolved the turn moves on to the next phases
      Given my battle area has Tamer Ace T-13 and Tamer Bea T-14
      And my battle area has a suspended Redling T-03
      When my opponent plays Emberpup T-04
      And I resolve the effect of Tamer Ace T-13 first
      Then it is my turn in the Breeding phase
      And nothing is waiting to resolve
      And memory is 4 on my side
      And my Redling T-03 is unsuspended

  Rule: DCG-6-1-4-1 Memory 1 or more on the opponent's side with nothing to resolve ends the turn

    @DCG-6-1-4-1
    Scenario: Paying a cost past 0 to my opponent's side ends my turn
      # Redling T-03 costs 3.
      Given it is my turn in the Main phase with memory 2
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn ends
      And memory is 1 on my opponent's side
      And it is my opponent's turn in the Breeding phase
      And my battle area has an unsuspended Redling T-03

    @DCG-6-1-4-1
    Scenario: Memory at exactly 0 does not end the turn
      Given it is my turn in the Main phase with memory 3
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn does not end
      And memory is 0
      And it is still my turn in the Main phase

    @DCG-6-1-4-1
    Scenario: Memory past my opponent's 1 while an [On Play] effect waits does not end the turn
      # Tidepup T-06 costs 3: memory goes to 2 on my opponent's side; [On Play] Gain 2 memory
      # brings it back to 0 before the turn-end condition is looked at.
      Given it is my turn in the Main phase with memory 1
      And my hand holds Tidepup T-06
      When I play Tidepup T-06
      Then the turn does not end
      And memory is 0
      And my battle area has an unsuspended Tidepup T-06

    @DCG-6-1-4-1
    Scenario: An Option's effect resolves before the turn-end condition is looked at
      # Deep Recall T-17 (blue Option) costs 2: [Main] Gain 3 memory. Bluefin T-05 is blue.
      Given it is my turn in the Main phase with memory 0
      And my battle area has Bluefin T-05
      And my hand holds Deep Recall T-17
      When I use Deep Recall T-17
      Then the turn does not end
      And memory is 1 on my side
      And my trash includes Deep Recall T-17

    @DCG-6-1-4-1
    Scenario: Under Tamer Dex, memory 2 on my opponent's side does not end my turn
      # Tamer Dex T-18: [Your Turn] Your turn ends only when memory is 3 or more on your
      # opponent's side.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Dex T-18
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn does not end
      And memory is 2 on my opponent's side

    @DCG-6-1-4-1
    Scenario: My opponent's Tamer Dex does not raise the threshold of my turn
      # Tamer Dex is a [Your Turn] effect: it works only in its owner's turn (QA2450).
      Given it is my turn in the Main phase with memory 1
      And my opponent's battle area has Tamer Dex T-18
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn ends
      And memory is 2 on my opponent's side

    @DCG-6-1-4-1
    Scenario: Under Tamer Dex, memory 3 on my opponent's side ends my turn
      Given it is my turn in the Main phase with memory 0
      And my battle area has Tamer Dex T-18
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn ends
      And memory is 3 on my opponent's side
