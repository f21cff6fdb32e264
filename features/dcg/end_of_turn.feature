Feature: 6-6 End of turn - in the current phase, until nothing remains, unless memory comes back
  When the turn-end condition holds, "end of turn" happens in the current phase. At end-of-turn
  timing the turn stays in that phase until nothing remains to be resolved; then the turn ends
  and the non-turn player's turn begins. If memory becomes 0 or more (on the turn player's
  side) at end of turn, the turn does not end and stays in that phase.

  From other chapters (CR4.2 Timings, Pending processing, [Once Per Turn]; FAN-EOT, QA2377):
  [End of Your Turn] effects trigger at end-of-turn timing, together with pending processing
  such as "at the end of the turn, lose 3 memory"; when a postponed turn comes to end again,
  they trigger again, but a [Once Per Turn] effect already used stays used. The other player's
  turn begins with the memory the marker shows.

  "I" am seat 0 and "my opponent" is seat 1. Cards are REAL cards of oracle/data/dcg/cards.json
  (printed name and card number), plus INVENTED test-only cards of
  oracle/data/dcg/test-only-cards.json where no real card serves: Dusk Testmon X-02 ([End of
  Your Turn] [Once Per Turn] Gain 2 memory; no real card gains memory at end of turn with a text
  the oracle implements, and 6-6-4 needs such a gain), Drain Testmon X-01 (costs 6; [Start of
  Your Turn] Lose 2 memory) and Tamer Testzed X-03 (the turn ends only at 6 or more on the
  opponent's side). Dracomon ST1-04 costs 3, Biyomon ST1-02 costs 2.

  Rule: DCG-6-6-1 When the turn-end condition holds, end of turn happens in the current phase

    @DCG-6-6-1
    Scenario: My [End of Your Turn] effect resolves when I pass, and the turn still ends
      # The pass: 3 on my opponent's side; Dusk Testmon gains 2: 1 on my opponent's side.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dusk Testmon X-02
      When I pass
      Then the turn ends
      And memory is 1 on my opponent's side
      And it is my opponent's turn in the Breeding phase

    @DCG-6-6-1
    Scenario: End of turn in the Unsuspend phase: [End of Your Turn] effects still resolve there
      # My turn starts with memory 1; two Drain Testmon X-01 ([Start of Your Turn] Lose 2 memory)
      # take it to 3 on my opponent's side before anything unsuspends; Dusk Testmon X-02 gains 2.
      Given it is my opponent's turn in the Main phase with memory 2
      And my battle area has a suspended Drain Testmon X-01
      And my battle area has a suspended Drain Testmon X-01
      And my battle area has a suspended Dusk Testmon X-02
      And my opponent's hand holds Dracomon ST1-04
      When my opponent plays Dracomon ST1-04
      And both Drain Testmon X-01 effects resolve
      Then it is my opponent's turn in the Breeding phase
      And memory is 1 on my opponent's side
      And my Dusk Testmon X-02 is suspended

    @DCG-6-6-1
    Scenario: My opponent's [End of Your Turn] effects do not trigger at the end of my turn
      Given it is my turn in the Main phase with memory 3
      And my opponent's battle area has Dusk Testmon X-02
      When I pass
      Then the turn ends
      And memory is 3 on my opponent's side

    @DCG-6-6-1
    Scenario: A pending end-of-turn loss resolves at the end of my turn, in the Main phase
      # Gravity Crush BT1-090 (red Option, cost 0): [Main] Gain 2 memory. At end of turn, lose
      # 2 memory. 3 + 2 = 5; the pass: 3 on my opponent's side; the loss: 5.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090
      When I use Gravity Crush BT1-090
      And I pass
      Then the turn ends
      And memory is 5 on my opponent's side
      And it is my opponent's turn in the Breeding phase

    @DCG-6-6-1
    Scenario: A cost that ends my turn brings on the end-of-turn loss in the same phase
      # 1 + 2 = 3; Birdramon ST1-05 costs 4: 1 on my opponent's side, end of turn; the loss of
      # 2: 3 on my opponent's side.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090 and Birdramon ST1-05
      When I use Gravity Crush BT1-090
      And I play Birdramon ST1-05
      Then the turn ends
      And memory is 3 on my opponent's side
      And my battle area has an unsuspended Birdramon ST1-05

  Rule: DCG-6-6-2 At end-of-turn timing the turn stays in its phase until nothing remains

    @DCG-6-6-2
    Scenario: The turn waits in its phase until both end-of-turn effects are resolved
      # Gravity Crush BT1-090 (red Option, cost 0): [Main] Gain 2 memory. At end of turn, lose 2
      # memory. 2 + 2 = 4; Drain Testmon X-01 (6): 2 on my opponent's side. Dusk Testmon's gain
      # and the loss of 2 both wait; Dusk Testmon first: 0, then the loss: 2 on my opponent's
      # side, and the turn ends.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Dusk Testmon X-02
      And my hand holds Gravity Crush BT1-090 and Drain Testmon X-01
      When I use Gravity Crush BT1-090
      And I play Drain Testmon X-01
      Then 2 effects are waiting to resolve
      And it is still my turn in the Main phase
      And memory is 2 on my opponent's side
      When I resolve the effect of Dusk Testmon X-02 first
      Then the turn ends
      And memory is 2 on my opponent's side
      And it is my opponent's turn in the Breeding phase

    @DCG-6-6-2
    Scenario: A pending end-of-turn loss resolves before the turn ends
      # MetalGreymon BT1-021: [When Attacking] Gain 3 memory. At end of turn, lose 3 memory.
      # Playing Drain Testmon (6) from 5 leaves 1 on my opponent's side; the loss adds 3.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended MetalGreymon BT1-021
      And my hand holds Drain Testmon X-01
      When I attack my opponent with MetalGreymon BT1-021
      And I play Drain Testmon X-01
      Then the turn ends
      And memory is 4 on my opponent's side

    @DCG-6-6-2
    Scenario: A pending end-of-turn loss applies even after its card has left the battle area
      # CR4.2 Pending processing does not depend on the card staying. MetalGreymon BT1-021 (7000
      # DP) gains 3 when attacking, then loses to the security Digimon Plesiomon ST2-10 (12000).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended MetalGreymon BT1-021
      And the top card of my opponent's security is Plesiomon ST2-10
      When I attack my opponent with MetalGreymon BT1-021
      Then my battle area has no MetalGreymon BT1-021
      And memory is 6 on my side
      When I pass
      Then the turn ends
      And memory is 6 on my opponent's side

    @DCG-6-6-2
    Scenario: Two pending end-of-turn losses both resolve before the turn ends
      # Gravity Crush BT1-090: [Main] Gain 2 memory, at end of turn lose 2. MetalGreymon
      # BT1-021: [When Attacking] Gain 3 memory, at end of turn lose 3. (This scenario used two
      # Gravity Crush until the official restricted list limited it to 1 copy on 2025-09-01; a
      # deck holds one now.) 3 + 2 = 5; the attack: 8 (my opponent's security card Gravity
      # Crush is no battle); the pass: 3 on my opponent's side; both losses: 8.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended MetalGreymon BT1-021
      And my hand holds Gravity Crush BT1-090
      And the top card of my opponent's security is Gravity Crush BT1-090
      When I use Gravity Crush BT1-090
      And I attack my opponent with MetalGreymon BT1-021
      Then memory is 8 on my side
      When I pass
      Then 2 effects are waiting to resolve
      And it is still my turn in the Main phase
      When I resolve the effect of Gravity Crush BT1-090 first
      Then the turn ends
      And memory is 8 on my opponent's side

    @DCG-6-6-2
    Scenario: A pending end-of-turn loss does not take memory past 10 on my opponent's side
      # Gravity Crush BT1-090 (cost 0): [Main] Gain 2 memory. At end of turn, lose 2 memory.
      # 0 + 2 = 2; WarGreymon ST1-11 costs 12, the most I can pay (memory + 10): 10 on my
      # opponent's side, end of turn. The loss of 2 resolves there, but CR4.2 Memory: the
      # marker never goes past 10 on either side ("lose X" stops at 10 on the opponent's side,
      # docs/rules/DCG-CONTEXT.md 1.2): my opponent's turn begins at 10, not 12.
      Given it is my turn in the Main phase with memory 0
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090 and WarGreymon ST1-11
      When I use Gravity Crush BT1-090
      Then memory is 2 on my side
      When I play WarGreymon ST1-11
      Then the turn ends
      And memory is 10 on my opponent's side
      And it is my opponent's turn in the Breeding phase

  Rule: DCG-6-6-3 With nothing left at end of turn, the turn ends and the other player's begins

    @DCG-6-6-3
    Scenario: My turn ends and my opponent's turn begins: they unsuspend and draw
      # My opponent went first: Bearmon played in turn 1 (5 - 1 = 4 cards), attacked in turn 3
      # (drew: 5).
      Given it is my turn in the Main phase with memory 3
      And my opponent's battle area has a suspended Bearmon ST2-04
      And my opponent's hand holds 5 cards
      When I pass
      Then the turn ends
      And it is my opponent's turn in the Breeding phase
      And my opponent's Bearmon ST2-04 is unsuspended
      And my opponent's hand holds 6 cards

    @DCG-6-6-3
    Scenario: My opponent's turn begins with the memory the marker shows
      # Tai Kamiya BT2-089 (my opponent's): [Start of Your Turn] If you have 2 or less memory, set
      # it to 3. My turn ends at 2 on my opponent's side; their turn starts there.
      Given it is my turn in the Main phase with memory 1
      And my hand holds Dracomon ST1-04
      And my opponent's battle area has Tai Kamiya BT2-089
      When I play Dracomon ST1-04
      Then the turn ends
      And it is my opponent's turn in the Breeding phase
      And memory is 3 on my opponent's side

    @DCG-6-6-3
    Scenario: Once the turn has ended, a Digimon played in it may attack in my next turn
      Given it is my turn in the Main phase with memory 0
      And my battle area has an unsuspended Dracomon ST1-04 played this turn
      When I pass
      And my opponent does nothing in the Breeding phase
      And my opponent passes
      And I do nothing in the Breeding phase
      And I attack my opponent with Dracomon ST1-04
      Then my opponent's security holds 4 cards
      And my Dracomon ST1-04 is suspended

  Rule: DCG-6-6-4 Memory back to 0 or more at end of turn: the turn does not end

    @DCG-6-6-4
    Scenario: An end-of-turn gain back to my side keeps my turn going
      # 2 - 3 = 1 on my opponent's side; Dusk Testmon gains 2: 1 on my side.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Dusk Testmon X-02
      And my hand holds Dracomon ST1-04
      When I play Dracomon ST1-04
      Then the turn does not end
      And it is still my turn in the Main phase
      And memory is 1 on my side

    @DCG-6-6-4
    Scenario: Back to exactly 0 is enough: the turn does not end
      # 1 - 3 = 2 on my opponent's side; Dusk Testmon gains 2: 0.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Dusk Testmon X-02
      And my hand holds Dracomon ST1-04
      When I play Dracomon ST1-04
      Then the turn does not end
      And memory is 0

    @DCG-6-6-4
    Scenario: A postponed end of turn reached again: a used [Once Per Turn] effect stays used
      # 2 - 3 = 1 on my opponent's side; Dusk Testmon +2: 1 on my side, postponed. 1 - 3 = 2 on
      # my opponent's side; Dusk Testmon was used this turn (QA2377: the turn never switched),
      # so nothing waits and the turn ends.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Dusk Testmon X-02
      And my hand holds Dracomon ST1-04 and Dracomon ST1-04
      When I play Dracomon ST1-04
      Then the turn does not end
      And memory is 1 on my side
      When I play Dracomon ST1-04
      Then the turn ends
      And memory is 2 on my opponent's side

    @DCG-6-6-4
    Scenario: An end-of-turn gain that leaves memory on my opponent's side does not stop the end
      # Groundramon BT1-020 costs 5: 2 - 5 = 3 on my opponent's side; Dusk Testmon +2: 1 on my
      # opponent's side.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Dusk Testmon X-02
      And my hand holds Groundramon BT1-020
      When I play Groundramon BT1-020
      Then the turn ends
      And memory is 1 on my opponent's side

    @DCG-6-6-4
    Scenario: Under Tamer Testzed, an end-of-turn gain back below 6 on my opponent's side keeps the turn
      # Tamer Testzed X-03: [Your Turn] Your turn ends only when memory is 6 or more on your
      # opponent's side (as QA2451 for a threshold of 3). Phoenixmon ST1-10 costs 10: 3 - 10 = 7
      # on my opponent's side, end of turn; Dusk Testmon +2: 5 on my opponent's side, postponed.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tamer Testzed X-03 and Dusk Testmon X-02
      And my hand holds Phoenixmon ST1-10 and Biyomon ST1-02
      When I play Phoenixmon ST1-10
      Then the turn does not end
      And it is still my turn in the Main phase
      And memory is 5 on my opponent's side

  Rule: CR4.2 Infinite loops - a turn that can never end, with nothing else to do, is a draw
    From CR4.2 "Infinite loops": if a set of actions can repeat forever and neither player can
    stop it, the game is a draw; a player who can stop it does. A choice that changes nothing
    (a pass that is the only thing I can do and brings the same Main phase back) stops nothing.
    Under the test-only Tamer Testzed X-03 (the turn ends only at 6 or more on my opponent's
    side) a pass sets memory to 3 on my opponent's side and the turn goes on.

    @DCG-6-6-4 @DCG-6-5-1-7
    Scenario: Passing is all I can do and it never ends my turn: the game is a draw
      # Drain Testmon X-01 costs 6: from memory 1 to 5 on my opponent's side. Phoenixmon ST1-10
      # costs 10, more than I can pay there (at most 5, or 7 after a pass), and digivolves only
      # from a red level 5 (Drain Testmon is blue): the pass is all I can do, it changes nothing
      # that ends the turn, so the game is a draw there and then.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Drain Testmon X-01, Phoenixmon ST1-10, Phoenixmon ST1-10, Phoenixmon ST1-10 and Phoenixmon ST1-10
      And my hand holds 5 cards
      When I play Drain Testmon X-01
      Then memory is 5 on my opponent's side
      And the game is a draw

    @DCG-6-2-1-2 @DCG-AMB-3
    Scenario Outline: Every turn ends before its draw in every one of many orders, from turn <turn>: a draw
      # My [Start of Your Turn] effects: two Drain Testmon X-01 (lose 2 each), Vegiemon
      # BT11-049 (gain 1) and Matt Ishida ST2-12 (gain 1: my opponent has Digimon without
      # digivolution cards): from 1, 1 - 4 + 2 = -1, so 1 on my opponent's side in any order,
      # and my turn ends before it unsuspends. My opponent's: two Drain Testmon X-01, two
      # Vegiemon and two Matt Ishida, whose "If" is false (each of my Digimon has a
      # digivolution card): from 1 on their side, 1 - 4 + 2 = -1, so 1 on my side in any order.
      # Biyomon ST1-02 costs 2: from 1, my opponent's turn ends with 1 on my side, and my turn
      # starts where the loop starts. I choose the order of 4 effects and my opponent of 6;
      # every order of both leads back to the start of my turn with memory 1 (10 and 54
      # positions with an order to choose), so nobody can stop the loop (CR4.2 "Infinite
      # loops"): the game is a draw as soon as it starts. From turn 1 the loop goes through my
      # turn 2 and my turn 4 alike: only whether it is turn 1 tells turns apart
      # (DCG-6-3-1-1, the first player's first draw), and no turn of the loop draws.
      Given it is my opponent's turn in the Main phase with memory 1
      And my opponent went first
      And it is turn <turn> of the game
      And my battle area has an unsuspended Drain Testmon X-01 over Ikkakumon ST2-05
      And my battle area has an unsuspended Drain Testmon X-01 over Seadramon BT2-024
      And my battle area has an unsuspended Vegiemon BT11-049 over Angoramon LM-008
      And my battle area has Matt Ishida ST2-12
      And my opponent's battle area has Drain Testmon X-01, Drain Testmon X-01, Vegiemon BT11-049, Vegiemon BT11-049, Matt Ishida ST2-12 and Matt Ishida ST2-12
      And my opponent's hand holds Biyomon ST1-02
      When my opponent plays Biyomon ST1-02
      Then the game is a draw

      Examples:
        | turn |
        | 1    |
        | 3    |

    @DCG-6-6-4 @DCG-6-5-1-7
    Scenario: A card in hand lets me stop the loop; the one after it nobody can stop
      # The first pass is no loop nobody can stop: I can still play Biyomon ST1-02 (cost 2).
      # Playing it: 5 on my opponent's side, below 6; Biyomon was played this turn and cannot
      # attack, Phoenixmon ST1-10 costs 10, more than I can pay there (at most 5, or 7 after a
      # pass), and passing is all I can do.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Biyomon ST1-02, Phoenixmon ST1-10, Phoenixmon ST1-10, Phoenixmon ST1-10 and Phoenixmon ST1-10
      And my hand holds 5 cards
      When I pass
      Then the turn does not end
      And the game goes on
      And memory is 3 on my opponent's side
      When I play Biyomon ST1-02
      Then the game is a draw
