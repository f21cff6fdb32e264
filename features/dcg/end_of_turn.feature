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

  "I" am seat 0 and "my opponent" is seat 1. Cards are the INVENTED test cards of
  oracle/data/dcg/test-cards.json. Flarehorn T-07: [End of Your Turn] Gain 1 memory. Blazewing
  T-09: [End of Your Turn] [Once Per Turn] Gain 2 memory. Redling T-03 costs 3, Abyssdrake T-10
  costs 6.

  Rule: DCG-6-6-1 When the turn-end condition holds, end of turn happens in the current phase

    @DCG-6-6-1
    Scenario: My [End of Your Turn] effect resolves when I pass, and the turn still ends
      Given it is my turn in the Main phase with memory 0
      And my battle area has Flarehorn T-07
      When I pass
      Then the turn ends
      And memory is 2 on my opponent's side
      And it is my opponent's turn in the Breeding phase

    @DCG-6-6-1
    Scenario: End of turn in the Unsuspend phase: [End of Your Turn] effects still resolve there
      # My turn starts with memory 1; two Abyssdrake T-10 ([Start of Your Turn] Lose 2 memory)
      # take it to 3 on my opponent's side before anything unsuspends; Flarehorn T-07 gains 1.
      Given it is my opponent's turn in the Main phase with memory 2
      And my battle area has a suspended Abyssdrake T-10
      And my battle area has a suspended Abyssdrake T-10
      And my battle area has a suspended Flarehorn T-07
      And my opponent's hand holds Redling T-03
      When my opponent plays Redling T-03
      And both Abyssdrake T-10 effects resolve
      Then it is my opponent's turn in the Breeding phase
      And memory is 2 on my opponent's side
      And my Flarehorn T-07 is suspended

    @DCG-6-6-1
    Scenario: My opponent's [End of Your Turn] effects do not trigger at the end of my turn
      Given it is my turn in the Main phase with memory 0
      And my opponent's battle area has Flarehorn T-07
      When I pass
      Then the turn ends
      And memory is 3 on my opponent's side

  Rule: DCG-6-6-2 At end-of-turn timing the turn stays in its phase until nothing remains

    @DCG-6-6-2
    Scenario: The turn waits in its phase until both end-of-turn effects are resolved
      # Abyssdrake: memory 4 on my opponent's side; + 1 + 2 leaves 1 on my opponent's side.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Flarehorn T-07 and Blazewing T-09
      And my hand holds Abyssdrake T-10
      When I play Abyssdrake T-10
      Then 2 effects are waiting to resolve
      And it is still my turn in the Main phase
      And memory is 4 on my opponent's side
      When I resolve the effect of Flarehorn T-07 first
      Then the turn ends
      And memory is 1 on my opponent's side
      And it is my opponent's turn in the Breeding phase

    @DCG-6-6-2
    Scenario: A pending end-of-turn loss resolves before the turn ends
      # Emberpup T-04: [When Attacking] Gain 3 memory. At the end of the turn, lose 3 memory.
      # Playing Abyssdrake (6) from 5 leaves 1 on my opponent's side; the loss adds 3.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Emberpup T-04
      And my hand holds Abyssdrake T-10
      When I attack my opponent with Emberpup T-04
      And I play Abyssdrake T-10
      Then the turn ends
      And memory is 4 on my opponent's side

    @DCG-6-6-2
    Scenario: A pending end-of-turn loss applies even after its card has left the battle area
      # CR4.2 Pending processing does not depend on the card staying. Emberpup T-04 (2000 DP)
      # gains 3 when attacking, then loses to the security Digimon Bluefin T-05 (3000 DP).
      Given it is my turn in the Main phase with memory 0
      And my battle area has an unsuspended Emberpup T-04
      And the top card of my opponent's security is Bluefin T-05
      When I attack my opponent with Emberpup T-04
      Then my battle area has no Emberpup T-04
      And memory is 3 on my side
      When I pass
      Then the turn ends
      And memory is 6 on my opponent's side

  Rule: DCG-6-6-3 With nothing left at end of turn, the turn ends and the other player's begins

    @DCG-6-6-3
    Scenario: My turn ends and my opponent's turn begins: they unsuspend and draw
      Given it is my turn in the Main phase with memory 1
      And my opponent's battle area has a suspended Bluefin T-05
      And my opponent's hand holds 2 cards
      When I pass
      Then the turn ends
      And it is my opponent's turn in the Breeding phase
      And my opponent's Bluefin T-05 is unsuspended
      And my opponent's hand holds 3 cards

    @DCG-6-6-3
    Scenario: My opponent's turn begins with the memory the marker shows
      # Tamer Ace T-13 (my opponent's): [Start of Your Turn] If you have 2 or less memory, set
      # it to 3. My turn ends at 2 on my opponent's side; their turn starts there.
      Given it is my turn in the Main phase with memory 1
      And my hand holds Redling T-03
      And my opponent's battle area has Tamer Ace T-13
      When I play Redling T-03
      Then the turn ends
      And it is my opponent's turn in the Breeding phase
      And memory is 3 on my opponent's side

    @DCG-6-6-3
    Scenario: Once the turn has ended, a Digimon played in it may attack in my next turn
      Given it is my turn in the Main phase with memory 0
      And my battle area has an unsuspended Redling T-03 played this turn
      When I pass
      And my opponent does nothing in the Breeding phase
      And my opponent passes
      And I do nothing in the Breeding phase
      And I attack my opponent with Redling T-03
      Then my opponent's security holds 4 cards
      And my Redling T-03 is suspended

  Rule: DCG-6-6-4 Memory back to 0 or more at end of turn: the turn does not end

    @DCG-6-6-4
    Scenario: An end-of-turn gain back to my side keeps my turn going
      Given it is my turn in the Main phase with memory 2
      And my battle area has Blazewing T-09
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn does not end
      And it is still my turn in the Main phase
      And memory is 1 on my side

    @DCG-6-6-4
    Scenario: Back to exactly 0 is enough: the turn does not end
      Given it is my turn in the Main phase with memory 2
      And my battle area has Flarehorn T-07
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn does not end
      And memory is 0

    @DCG-6-6-4
    Scenario: A postponed end of turn reached again: effects trigger again, [Once Per Turn] not
      # 2 - 3 = 1 on my opponent's side; +1 +2: 2 on my side, postponed. 2 - 3 again; only
      # Flarehorn triggers (+1): 0, postponed again. Pass: 3 on my opponent's side; +1: 2.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Flarehorn T-07 and Blazewing T-09
      And my hand holds Redling T-03 and Redling T-03
      When I play Redling T-03
      And I resolve the effect of Flarehorn T-07 first
      Then the turn does not end
      And memory is 2 on my side
      When I play Redling T-03
      Then the turn does not end
      And nothing is waiting to resolve
      And memory is 0
      When I pass
      Then the turn ends
      And memory is 2 on my opponent's side

    @DCG-6-6-4
    Scenario: An end-of-turn gain that leaves memory on my opponent's side does not stop the end
      Given it is my turn in the Main phase with memory 1
      And my battle area has Flarehorn T-07
      And my hand holds Redling T-03
      When I play Redling T-03
      Then the turn ends
      And memory is 1 on my opponent's side

    @DCG-6-6-4
    Scenario: Under Tamer Dex, an end-of-turn gain back to 2 on my opponent's side keeps the turn
      # Tamer Dex T-18: [Your Turn] Your turn ends only when memory is 3 or more on your
      # opponent's side (QA2451).
      Given it is my turn in the Main phase with memory 0
      And my battle area has Tamer Dex T-18 and Flarehorn T-07
      When I pass
      Then the turn does not end
      And it is still my turn in the Main phase
      And memory is 2 on my opponent's side

  Rule: CR4.2 Infinite loops - an end of turn postponed forever, with nothing else to do, is a draw
    From CR4.2 "Infinite loops": if a set of actions can repeat forever and neither player can
    stop it, the game is a draw; a player who can stop it does. A choice that changes nothing
    (a pass that is the only thing I can do and brings the same Main phase back) stops nothing.
    Three suspended Flarehorn T-07 ([End of Your Turn] Gain 1 memory) bring a pass's 3 on my
    opponent's side back to 0 every time, so the turn never ends.

    @DCG-6-6-4 @DCG-6-5-1-7
    Scenario: Passing is all I can do and every end of turn is postponed: the game is a draw
      # Empty hand; Flarehorns suspended, so none of them can attack.
      Given it is my turn in the Main phase with memory 0
      And my battle area has a suspended Flarehorn T-07
      And my battle area has a suspended Flarehorn T-07
      And my battle area has a suspended Flarehorn T-07
      When I pass
      Then the game is a draw

    @DCG-6-6-4 @DCG-6-5-1-7
    Scenario: A card in hand lets me stop the loop; the one after it nobody can stop
      # The first pass is no loop nobody can stop: I can still play Redling T-03 (cost 3).
      # Playing it: 3 on my opponent's side, +3 at end of turn: 0 again, postponed. Now
      # Redling was played this turn and cannot attack, and passing is all I can do.
      Given it is my turn in the Main phase with memory 0
      And my battle area has a suspended Flarehorn T-07
      And my battle area has a suspended Flarehorn T-07
      And my battle area has a suspended Flarehorn T-07
      And my hand holds Redling T-03
      When I pass
      Then the turn does not end
      And the game goes on
      And memory is 0
      When I play Redling T-03
      Then the game is a draw
