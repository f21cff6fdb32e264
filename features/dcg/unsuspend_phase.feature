Feature: 6-2 Unsuspend phase - start-of-turn effects, then every card of mine unsuspends
  At the start of the turn the turn player unsuspends all their cards in every area at once.
  Rules and effects that trigger at the start of the turn ("[Start of Your Turn] If you have 2
  or less memory, set it to 3") are processed before that. If the turn-end condition holds
  after them, the turn goes to end of turn before anything is unsuspended: no draw, no
  breeding action, and "[Start of Your Main Phase]" never happens. Unsuspending has no order.

  "I" am seat 0 and "my opponent" is seat 1. Each scenario starts in my opponent's Main phase
  and my turn begins when theirs ends; what their last action costs sets the memory my turn
  starts with (a pass: 3; Redling T-03: cost 3; Emberpup T-04: cost 2; Wavecrest T-08: cost 4).
  Cards are the INVENTED test cards of oracle/data/dcg/test-cards.json.

  Rule: DCG-6-2-1 At the start of the turn the turn player unsuspends all their cards

    @DCG-6-2-1
    Scenario: My suspended Digimon and Tamers are unsuspended at the start of my turn
      Given it is my opponent's turn in the Main phase with memory 0
      And my battle area has a suspended Redling T-03
      And my battle area has a suspended Leviathon T-12 over Abyssdrake T-10
      And my battle area has a suspended Tamer Cid T-15
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my battle area has an unsuspended Redling T-03
      And my battle area has an unsuspended Leviathon T-12 over Abyssdrake T-10
      And my battle area has an unsuspended Tamer Cid T-15

    @DCG-6-2-1
    Scenario: My opponent's suspended cards stay suspended at the start of my turn
      Given it is my opponent's turn in the Main phase with memory 0
      And my opponent's battle area has a suspended Bluefin T-05
      And my battle area has a suspended Redling T-03
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my Redling T-03 is unsuspended
      And my opponent's Bluefin T-05 is suspended

  Rule: DCG-6-2-1-1 Start-of-turn effects are processed before the unsuspending

    @DCG-6-2-1-1
    Scenario: "If you have 2 or less memory, set it to 3" resolves at the start of my turn
      # Tamer Ace T-13: [Start of Your Turn] If you have 2 or less memory, set it to 3.
      Given it is my opponent's turn in the Main phase with memory 0
      And my battle area has Tamer Ace T-13
      And my battle area has a suspended Redling T-03
      And my opponent's hand holds Emberpup T-04
      When my opponent plays Emberpup T-04
      Then it is my turn in the Breeding phase
      And memory is 3 on my side
      And my Redling T-03 is unsuspended

    @DCG-6-2-1-1
    Scenario: Tamer Ace changes nothing when my turn starts with 3 or more memory
      Given it is my opponent's turn in the Main phase with memory 0
      And my battle area has Tamer Ace T-13
      And my opponent's hand holds Wavecrest T-08
      When my opponent plays Wavecrest T-08
      Then it is my turn in the Breeding phase
      And memory is 4 on my side

    @DCG-6-2-1-1
    Scenario: My opponent's [Start of Your Turn] effects do not trigger at the start of my turn
      # Tamer Bea T-14: [Start of Your Turn] Gain 1 memory.
      Given it is my opponent's turn in the Main phase with memory 0
      And my opponent's battle area has Tamer Bea T-14
      When my opponent passes
      Then it is my turn in the Breeding phase
      And memory is 3 on my side

    @DCG-6-2-1-1
    Scenario: A card in the breeding area has no [Start of Your Turn] effect
      # CR4.2 Breeding area: effects of cards there do not trigger. Abyssdrake T-10: [Start
      # of Your Turn] Lose 2 memory.
      Given it is my opponent's turn in the Main phase with memory 0
      And my breeding area holds Abyssdrake T-10 over Testegg Blue T-02
      When my opponent passes
      Then it is my turn in the Breeding phase
      And memory is 3 on my side

    @DCG-6-1-3 @DCG-6-2-1-1 @DCG-6-2-1-2
    Scenario: Memory on my opponent's side does not end my turn while a start-of-turn effect waits
      # My turn starts with memory 1. Abyssdrake T-10: [Start of Your Turn] Lose 2 memory.
      # Memory is then 1 on my opponent's side, but Tamer Ace still waits; "2 or less"
      # includes my opponent's side, so it sets memory to 3 and the turn goes on.
      Given it is my opponent's turn in the Main phase with memory 2
      And my battle area has Abyssdrake T-10 and Tamer Ace T-13
      And my battle area has a suspended Redling T-03
      And my opponent's hand holds Redling T-03
      When my opponent plays Redling T-03
      And I resolve the effect of Abyssdrake T-10 first
      Then it is my turn in the Breeding phase
      And memory is 3 on my side
      And my Redling T-03 is unsuspended

  Rule: DCG-6-2-1-2 If the start-of-turn effects meet the turn-end condition, nothing unsuspends

    @DCG-6-2-1-2
    Scenario: A start-of-turn memory loss ends my turn before anything is unsuspended
      # My turn starts with memory 1; Abyssdrake T-10 loses 2: 1 on my opponent's side. No
      # unsuspending, no draw, no breeding action, and Wavecrest T-08's [Start of Your Main
      # Phase] Gain 1 memory never happens. My opponent's turn starts with 1 on their side.
      Given it is my opponent's turn in the Main phase with memory 2
      And my battle area has a suspended Abyssdrake T-10
      And my battle area has a suspended Wavecrest T-08
      And my hand holds 4 cards
      And my opponent's hand holds Redling T-03 and 3 other cards
      When my opponent plays Redling T-03
      Then it is my opponent's turn in the Breeding phase
      And memory is 1 on my opponent's side
      And my Abyssdrake T-10 is suspended
      And my Wavecrest T-08 is suspended
      And my hand holds 4 cards
      And my opponent's hand holds 4 cards

    @DCG-6-2-1-2
    Scenario: The Breeding phase of a turn that ended at its start never comes
      Given it is my opponent's turn in the Main phase with memory 2
      And my battle area has Abyssdrake T-10
      And my Digi-Egg deck holds Testegg Red T-01
      And my opponent's hand holds Redling T-03
      When my opponent plays Redling T-03
      Then it is my opponent's turn in the Breeding phase
      And my breeding area is empty
      And my Digi-Egg deck holds 1 card

    @DCG-6-2-1-2
    Scenario: When the start-of-turn effects leave memory at 0 the turn goes on
      # My turn starts with memory 2; Abyssdrake T-10 loses 2: memory 0, not the opponent's.
      Given it is my opponent's turn in the Main phase with memory 0
      And my battle area has a suspended Abyssdrake T-10
      And my hand holds 4 cards
      And my opponent's hand holds Emberpup T-04
      When my opponent plays Emberpup T-04
      Then it is my turn in the Breeding phase
      And memory is 0
      And my Abyssdrake T-10 is unsuspended
      And my hand holds 5 cards

  Rule: DCG-6-2-1-3 Unsuspending has no order

    @DCG-6-2-1-3
    Scenario: Every suspended card unsuspends in one go, with nothing to choose
      Given it is my opponent's turn in the Main phase with memory 0
      And my battle area has a suspended Redling T-03
      And my battle area has a suspended Bluefin T-05
      And my battle area has a suspended Tamer Cid T-15
      When my opponent passes
      Then nothing is waiting to resolve
      And it is my turn in the Breeding phase
      And my Redling T-03 is unsuspended
      And my Bluefin T-05 is unsuspended
      And my Tamer Cid T-15 is unsuspended

    @DCG-6-2-1-3
    Scenario: A suspended Digimon in the breeding area unsuspends together with the battle area
      # CR4.2 Breeding area / QA4257: cards in the breeding area are unsuspended too.
      Given it is my opponent's turn in the Main phase with memory 0
      And my breeding area holds a suspended Redling T-03 over Testegg Red T-01
      And my battle area has a suspended Bluefin T-05
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my breeding area holds an unsuspended Redling T-03 over Testegg Red T-01
      And my Bluefin T-05 is unsuspended
