Feature: 6-5 Main phase - play, digivolve, use an Option, link, attack, activate, pass
  In the Main phase the turn player may, whenever nothing is left unresolved, take these
  actions any number of times in any order: play a Digimon or Tamer card from hand (possibly
  with DigiXros or Assembly); digivolve into a Digimon card from hand (also DNA, Burst and App
  Fusion); use an Option card from hand; link a card from hand or the battle area; attack with
  a Digimon in the battle area; activate an activated ([Main]) effect; pass. A pass makes
  memory immediately 3 on the opponent's side.

  From other chapters (CR4.2): a cost moves memory exactly that far toward the opponent, and a
  card whose cost is more than memory + 10 cannot be declared; memory never passes 10 on either
  side (gains past 10 are lost). Digivolving draws 1 card. An Option needs a Digimon or Tamer
  of its colour. A Digimon played this turn cannot attack; only a suspended Digimon can be
  attacked; an attack on a player with no security cards wins the game. This ruleset does not
  implement DigiXros, Assembly, DNA, Burst, App Fusion or Link: they are refused as
  unsupported, naming the clause that lists them.

  "I" am seat 0 and "my opponent" is seat 1. Cards are the INVENTED test cards of
  oracle/data/dcg/test-cards.json; my opponent's security cards are Option cards (no battle)
  unless a scenario names them.

  Rule: DCG-6-5-1 Main-phase actions, any number in any order, while nothing is unresolved

    @DCG-6-5-1
    Scenario: Several actions in a row in one Main phase
      # Tamer Cid T-15 costs 3: [Main] [Once Per Turn] Gain 1 memory. Emberpup T-04 costs 2.
      Given it is my turn in the Main phase with memory 5
      And my hand holds Tamer Cid T-15 and Emberpup T-04
      When I play Tamer Cid T-15
      And I activate the [Main] effect of Tamer Cid T-15
      And I play Emberpup T-04
      Then the turn does not end
      And memory is 1 on my side
      And my battle area has an unsuspended Tamer Cid T-15
      And my battle area has an unsuspended Emberpup T-04

    @DCG-6-5-1
    Scenario: The same actions in another order end in the same place
      Given it is my turn in the Main phase with memory 5
      And my hand holds Tamer Cid T-15 and Emberpup T-04
      When I play Emberpup T-04
      And I play Tamer Cid T-15
      And I activate the [Main] effect of Tamer Cid T-15
      Then the turn does not end
      And memory is 1 on my side

    @DCG-6-5-1 @DCG-6-6-2
    Scenario: No main-phase action while end-of-turn effects wait to be resolved
      # Flarehorn T-07: [End of Your Turn] Gain 1 memory. Blazewing T-09: [End of Your Turn]
      # [Once Per Turn] Gain 2 memory. Abyssdrake T-10 costs 6.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Flarehorn T-07 and Blazewing T-09
      And my hand holds Abyssdrake T-10 and Redling T-03
      When I play Abyssdrake T-10
      And I try to play Redling T-03
      Then the action is refused for DCG-6-5-1
      And 2 effects are waiting to resolve
      And my hand includes Redling T-03

  Rule: DCG-6-5-1-1 Play a Digimon or Tamer card from hand, paying its cost

    @DCG-6-5-1-1
    Scenario: Playing a Digimon pays its cost and puts it in the battle area
      Given it is my turn in the Main phase with memory 4
      And my hand holds Redling T-03
      When I play Redling T-03
      Then my battle area has an unsuspended Redling T-03
      And memory is 1 on my side
      And my hand holds 0 cards

    @DCG-6-5-1-1
    Scenario: Playing a Tamer
      # Tamer Bea T-14 costs 2.
      Given it is my turn in the Main phase with memory 2
      And my hand holds Tamer Bea T-14
      When I play Tamer Bea T-14
      Then my battle area has an unsuspended Tamer Bea T-14
      And memory is 0

    @DCG-6-5-1-1
    Scenario: The largest cost I can pay is my memory + 10
      # Infernox T-11 costs 12: from memory 2 the marker ends at 10 on my opponent's side.
      Given it is my turn in the Main phase with memory 2
      And my hand holds Infernox T-11
      When I play Infernox T-11
      Then my battle area has an unsuspended Infernox T-11
      And memory is 10 on my opponent's side
      And the turn ends

    @DCG-6-5-1-1
    Scenario: A card whose cost is more than my memory + 10 cannot be played
      Given it is my turn in the Main phase with memory 1
      And my hand holds Infernox T-11
      When I try to play Infernox T-11
      Then the action is refused for DCG-6-5-1-1
      And memory is 1 on my side
      And my hand includes Infernox T-11

    @DCG-6-5-1-1
    Scenario: An Option card is used, not played
      Given it is my turn in the Main phase with memory 3
      And my battle area has Redling T-03
      And my hand holds Memory Spark T-16
      When I try to play Memory Spark T-16
      Then the action is refused for DCG-6-5-1-1
      And memory is 3 on my side

    @DCG-6-5-1-1
    Scenario Outline: Playing with <how> is not supported by this ruleset
      Given it is my turn in the Main phase with memory 5
      And my hand holds Redling T-03
      When I try to play Redling T-03 with <how>
      Then the action is refused as unsupported for DCG-6-5-1-1
      And my hand includes Redling T-03
      And memory is 5 on my side

      Examples:
        | how      |
        | DigiXros |
        | Assembly |

  Rule: DCG-6-5-1-2 Digivolve one of my cards into a Digimon card from hand, paying the cost

    @DCG-6-5-1-2
    Scenario: Digivolving pays the digivolve cost and draws a card
      # Flarehorn T-07 digivolves from a red level-3 Digimon for 2.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Redling T-03
      And my hand holds Flarehorn T-07
      And the top card of my deck is Tamer Bea T-14
      When I digivolve Redling T-03 into Flarehorn T-07
      Then my battle area has an unsuspended Flarehorn T-07 over Redling T-03
      And memory is 1 on my side
      And my hand holds 1 card
      And my hand includes Tamer Bea T-14

    @DCG-6-5-1-2
    Scenario: A Digi-Egg in the breeding area digivolves in the Main phase
      # Redling T-03 digivolves from a red level-2 for 0.
      Given it is my turn in the Main phase with memory 3
      And my breeding area holds Testegg Red T-01
      And my hand holds Redling T-03
      When I digivolve Testegg Red T-01 into Redling T-03
      Then my breeding area holds an unsuspended Redling T-03 over Testegg Red T-01
      And memory is 3 on my side
      And my hand holds 1 card

    @DCG-6-5-1-2
    Scenario: Digivolving is not playing: no [On Play] effect
      # Tidepup T-06 digivolves from a blue level-2 for 0; [On Play] Gain 2 memory.
      Given it is my turn in the Main phase with memory 3
      And my breeding area holds Testegg Blue T-02
      And my hand holds Tidepup T-06
      When I digivolve Testegg Blue T-02 into Tidepup T-06
      Then my breeding area holds an unsuspended Tidepup T-06 over Testegg Blue T-02
      And memory is 3 on my side

    @DCG-6-5-1-2
    Scenario: A Tamer cannot be digivolved
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tamer Ace T-13
      And my hand holds Redling T-03
      When I try to digivolve Tamer Ace T-13 into Redling T-03
      Then the action is refused for DCG-6-5-1-2
      And my hand includes Redling T-03

    @DCG-6-5-1-2
    Scenario: A Digimon whose colour does not match cannot digivolve
      # Wavecrest T-08 digivolves from a blue level-3 only; Redling T-03 is red.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Redling T-03
      And my hand holds Wavecrest T-08
      When I try to digivolve Redling T-03 into Wavecrest T-08
      Then the action is refused for DCG-6-5-1-2
      And my battle area has an unsuspended Redling T-03
      And memory is 3 on my side

    @DCG-6-5-1-2
    Scenario: A Digimon in play since the start of the turn may attack after digivolving
      Given it is my turn in the Main phase with memory 3
      And my battle area has Redling T-03
      And my hand holds Flarehorn T-07
      When I digivolve Redling T-03 into Flarehorn T-07
      And I attack my opponent with Flarehorn T-07
      Then my opponent's security holds 4 cards
      And my Flarehorn T-07 is suspended

    @DCG-6-5-1-2
    Scenario Outline: <how> is not supported by this ruleset
      Given it is my turn in the Main phase with memory 5
      And my battle area has Redling T-03
      And my hand holds Flarehorn T-07
      When I try to <how> Redling T-03 into Flarehorn T-07
      Then the action is refused as unsupported for DCG-6-5-1-2
      And my battle area has an unsuspended Redling T-03
      And memory is 5 on my side

      Examples:
        | how             |
        | DNA digivolve   |
        | Burst digivolve |
        | App Fuse        |

  Rule: DCG-6-5-1-3 Use an Option card from hand, paying its cost

    @DCG-6-5-1-3
    Scenario: Using an Option pays its cost, resolves its effect and trashes it
      # Memory Spark T-16 (red Option) costs 1: [Main] Gain 2 memory. Paying takes memory to
      # 1 on my opponent's side; the effect resolves before the turn-end condition is looked at.
      Given it is my turn in the Main phase with memory 0
      And my battle area has Redling T-03
      And my hand holds Memory Spark T-16
      When I use Memory Spark T-16
      Then the turn does not end
      And memory is 1 on my side
      And my trash includes Memory Spark T-16
      And my hand holds 0 cards

    @DCG-6-5-1-3
    Scenario: An Option needs a Digimon or Tamer of its colour
      Given it is my turn in the Main phase with memory 3
      And my battle area has Bluefin T-05
      And my hand holds Memory Spark T-16
      When I try to use Memory Spark T-16
      Then the action is refused for DCG-6-5-1-3
      And my hand includes Memory Spark T-16
      And memory is 3 on my side

    @DCG-6-5-1-3
    Scenario: A Digimon card is played, not used
      Given it is my turn in the Main phase with memory 3
      And my battle area has Redling T-03
      And my hand holds Emberpup T-04
      When I try to use Emberpup T-04
      Then the action is refused for DCG-6-5-1-3
      And my hand includes Emberpup T-04

  Rule: DCG-6-5-1-4 Link a card from hand or the battle area to one of my Digimon

    @DCG-6-5-1-4
    Scenario: Linking a card from my hand is not supported by this ruleset
      Given it is my turn in the Main phase with memory 3
      And my battle area has Redling T-03
      And my hand holds Tamer Cid T-15
      When I try to link Tamer Cid T-15 from my hand to Redling T-03
      Then the action is refused as unsupported for DCG-6-5-1-4
      And my hand includes Tamer Cid T-15
      And memory is 3 on my side

    @DCG-6-5-1-4
    Scenario: Linking a card from my battle area is not supported by this ruleset
      Given it is my turn in the Main phase with memory 3
      And my battle area has Redling T-03 and Tamer Cid T-15
      When I try to link Tamer Cid T-15 from my battle area to Redling T-03
      Then the action is refused as unsupported for DCG-6-5-1-4
      And my battle area has an unsuspended Tamer Cid T-15
      And my battle area has an unsuspended Redling T-03

  Rule: DCG-6-5-1-5 Attack with one of my Digimon in the battle area

    @DCG-6-5-1-5
    Scenario: Attacking my opponent: my Digimon suspends and checks one security card
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Redling T-03
      When I attack my opponent with Redling T-03
      Then my opponent's security holds 4 cards
      And my Redling T-03 is suspended
      And the turn does not end
      And memory is 2 on my side

    @DCG-6-5-1-5
    Scenario: An attack on a player with no security cards wins the game
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Redling T-03
      And my opponent's security is empty
      When I attack my opponent with Redling T-03
      Then I win the game

    @DCG-6-5-1-5
    Scenario: A security Digimon with more DP deletes my attacker and goes to the trash
      # Redling T-03 has 3000 DP, Leviathon T-12 11000 DP.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Redling T-03
      And the top card of my opponent's security is Leviathon T-12
      When I attack my opponent with Redling T-03
      Then my battle area has no Redling T-03
      And my trash includes Redling T-03
      And my opponent's trash includes Leviathon T-12
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: Attacking a suspended Digimon: the one with less DP is deleted
      # Flarehorn T-07 has 5000 DP, Bluefin T-05 3000 DP.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Flarehorn T-07 over Redling T-03
      And my opponent's battle area has a suspended Bluefin T-05
      When I attack my opponent's Bluefin T-05 with Flarehorn T-07
      Then my opponent's battle area has no Bluefin T-05
      And my opponent's trash includes Bluefin T-05
      And my battle area has a suspended Flarehorn T-07 over Redling T-03
      And my opponent's security holds 5 cards

    @DCG-6-5-1-5
    Scenario: A Digimon played this turn cannot attack
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Redling T-03 played this turn
      When I try to attack my opponent with Redling T-03
      Then the action is refused for DCG-6-5-1-5
      And my opponent's security holds 5 cards
      And my Redling T-03 is unsuspended

    @DCG-6-5-1-5
    Scenario: A suspended Digimon cannot attack
      Given it is my turn in the Main phase with memory 2
      And my battle area has a suspended Redling T-03
      When I try to attack my opponent with Redling T-03
      Then the action is refused for DCG-6-5-1-5
      And my opponent's security holds 5 cards

    @DCG-6-5-1-5
    Scenario: An unsuspended Digimon cannot be attacked
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Flarehorn T-07 over Redling T-03
      And my opponent's battle area has an unsuspended Bluefin T-05
      When I try to attack my opponent's Bluefin T-05 with Flarehorn T-07
      Then the action is refused for DCG-6-5-1-5
      And my opponent's battle area has an unsuspended Bluefin T-05
      And my Flarehorn T-07 is unsuspended

  Rule: DCG-6-5-1-6 Activate one activated ([Main]) effect of one of my cards

    @DCG-6-5-1-6
    Scenario: Activating a [Main] effect
      # Tamer Cid T-15: [Main] [Once Per Turn] Gain 1 memory.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Cid T-15
      When I activate the [Main] effect of Tamer Cid T-15
      Then memory is 2 on my side
      And the turn does not end

    @DCG-6-5-1-6
    Scenario: A [Once Per Turn] effect cannot be activated a second time in the turn
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Cid T-15
      When I activate the [Main] effect of Tamer Cid T-15
      And I try to activate the [Main] effect of Tamer Cid T-15
      Then the action is refused for DCG-6-5-1-6
      And memory is 2 on my side

    @DCG-6-5-1-6
    Scenario: A card without a [Main] effect has nothing to activate
      Given it is my turn in the Main phase with memory 1
      And my battle area has Redling T-03
      When I try to activate the [Main] effect of Redling T-03
      Then the action is refused for DCG-6-5-1-6
      And memory is 1 on my side

    @DCG-6-5-1-6
    Scenario: Memory gained past 10 is lost
      Given it is my turn in the Main phase with memory 10
      And my battle area has Tamer Cid T-15
      When I activate the [Main] effect of Tamer Cid T-15
      Then memory is 10 on my side

  Rule: DCG-6-5-1-7 Pass: memory immediately becomes 3 on the opponent's side

    @DCG-6-5-1-7
    Scenario: Passing moves memory to 3 on my opponent's side and ends my turn
      Given it is my turn in the Main phase with memory 5
      When I pass
      Then the turn ends
      And memory is 3 on my opponent's side
      And it is my opponent's turn in the Breeding phase

    @DCG-6-5-1-7
    Scenario: Passing at memory 0
      Given it is my turn in the Main phase with memory 0
      When I pass
      Then the turn ends
      And memory is 3 on my opponent's side

    @DCG-6-5-1-7
    Scenario: Passing with memory already on my opponent's side sets it to 3 there
      # Under Tamer Dex T-18 my turn ends only at 3 or more on my opponent's side, so it goes
      # on at 2 on my opponent's side; the pass sets 3 (not 2 + 3, not left at 2).
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Dex T-18
      And my hand holds Redling T-03
      When I play Redling T-03
      Then memory is 2 on my opponent's side
      And the turn does not end
      When I pass
      Then memory is 3 on my opponent's side
      And the turn ends

    @DCG-6-5-1-7
    Scenario: Pass with a pending end-of-turn loss of 3 leaves my opponent at 6
      # Emberpup T-04: [When Attacking] Gain 3 memory. At the end of the turn, lose 3 memory.
      # The attack gains 3 (memory 3), the pass sets 3 on my opponent's side, then the pending
      # loss of 3 still applies at end of turn (QA883).
      Given it is my turn in the Main phase with memory 0
      And my battle area has an unsuspended Emberpup T-04
      When I attack my opponent with Emberpup T-04
      Then memory is 3 on my side
      When I pass
      Then the turn ends
      And memory is 6 on my opponent's side
      And it is my opponent's turn in the Breeding phase
