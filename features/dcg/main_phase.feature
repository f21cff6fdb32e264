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

  "I" am seat 0 and "my opponent" is seat 1. Cards are REAL cards of oracle/data/dcg/cards.json
  (printed name and card number); the INVENTED test-only cards of
  oracle/data/dcg/test-only-cards.json appear only where no real card serves: Drain Testmon
  X-01 (a 6-cost Digimon), Dusk Testmon X-02 ([End of Your Turn] [Once Per Turn] Gain 2
  memory), Tamer Testzed X-03 (the turn ends only at 6 or more on the opponent's side: with
  real cards memory is never below 0 in my Main phase, so no real card costs more than memory
  + 10 there), Herald Testmon X-05 ([On Play] Gain 1 memory: no real card of the set has an
  [On Play] effect), Umbra Testmon X-06 (a black Digimon with a DP effect of its own), Naught
  Testzed X-07 (a Tamer with a play cost of 0) and Bulwark Testmon X-08 (an [Opponent's Turn]
  DP bonus "when battling a Digimon that has no digivolution cards"). My opponent's security cards are Gravity Crush BT1-090 (an Option without a
  [Security] effect: no battle) unless a scenario names them.

  Rule: DCG-6-5-1 Main-phase actions, any number in any order, while nothing is unresolved

    @DCG-6-5-1
    Scenario: Several actions in a row in one Main phase
      # Gravity Crush BT1-090 (red Option) costs 0: [Main] Gain 2 memory. At end of turn, lose
      # 2 memory. Biyomon ST1-02 costs 2. Dracomon ST1-04 is red.
      Given it is my turn in the Main phase with memory 5
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090 and Biyomon ST1-02
      When I use Gravity Crush BT1-090
      And I play Biyomon ST1-02
      Then the turn does not end
      And memory is 5 on my side
      And my battle area has an unsuspended Biyomon ST1-02
      And my trash includes Gravity Crush BT1-090

    @DCG-6-5-1
    Scenario: The same actions in another order end in the same place
      Given it is my turn in the Main phase with memory 5
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090 and Biyomon ST1-02
      When I play Biyomon ST1-02
      And I use Gravity Crush BT1-090
      Then the turn does not end
      And memory is 5 on my side
      And my battle area has an unsuspended Biyomon ST1-02

    @DCG-6-5-1 @DCG-6-6-2
    Scenario: No main-phase action while end-of-turn effects wait to be resolved
      # Gravity Crush: 2 -> 4 and "at end of turn, lose 2 memory" waits. Drain Testmon X-01
      # costs 6: 4 -> 2 on my opponent's side, end of turn: Dusk Testmon X-02 ([End of Your
      # Turn] [Once Per Turn] Gain 2 memory) and the loss of 2 both wait.
      Given it is my turn in the Main phase with memory 2
      And my battle area has Dusk Testmon X-02
      And my hand holds Gravity Crush BT1-090, Drain Testmon X-01 and Biyomon ST1-02
      When I use Gravity Crush BT1-090
      And I play Drain Testmon X-01
      And I try to play Biyomon ST1-02
      Then the action is refused for DCG-6-5-1
      And 2 effects are waiting to resolve
      And my hand includes Biyomon ST1-02

    @DCG-6-5-1
    Scenario: No main-phase action while my attack's two [When Attacking] effects wait to be resolved
      # Grizzlymon ST2-07: [When Attacking] Lose 2 memory; Gabumon ST2-03 under it: [When
      # Attacking] (inherited) Trash the bottom digivolution card of 1 of your opponent's level 5
      # or lower Digimon. Both trigger as I attack, I choose the order (DCG-AMB-3's default), and
      # the Main phase's actions wait "whenever nothing is left unresolved".
      Given it is my turn in the Main phase with memory 5
      And my battle area has an unsuspended Grizzlymon ST2-07 over Gabumon ST2-03
      And my opponent's battle area has a suspended Birdramon ST1-05 over Biyomon ST1-02
      And my hand holds Agumon ST1-03
      When I attack my opponent with Grizzlymon ST2-07
      Then 2 effects are waiting to resolve
      When I try to play Agumon ST1-03
      Then the action is refused for DCG-6-5-1
      And 2 effects are waiting to resolve
      And my hand includes Agumon ST1-03

  Rule: DCG-6-5-1-1 Play a Digimon or Tamer card from hand, paying its cost

    @DCG-6-5-1-1
    Scenario: Playing a Digimon pays its cost and puts it in the battle area
      # Dracomon ST1-04 costs 3.
      Given it is my turn in the Main phase with memory 4
      And my hand holds Dracomon ST1-04 and 5 other cards
      When I play Dracomon ST1-04
      Then my battle area has an unsuspended Dracomon ST1-04
      And memory is 1 on my side
      And my hand holds 5 cards

    @DCG-6-5-1-1
    Scenario: Playing a Tamer
      # Tai Kamiya ST1-12 (Tamer) costs 2.
      Given it is my turn in the Main phase with memory 2
      And my hand holds Tai Kamiya ST1-12
      When I play Tai Kamiya ST1-12
      Then my battle area has an unsuspended Tai Kamiya ST1-12
      And memory is 0

    @DCG-6-5-1-1 @DCG-6-1-4-1
    Scenario: A Digimon played from my hand triggers its [On Play] effect before the turn can end
      # Herald Testmon X-05 (test only; no real card of the card set has an [On Play] effect)
      # costs 4: [On Play] Gain 1 memory. "Play: pay the cost and put one Digimon ... card from
      # hand into the battle area"; CR4.2: its [On Play] effect triggers as it is played. From 3
      # the cost leaves 1 on my opponent's side, the effect gains 1: memory 0, and the turn-end
      # condition (1 or more on the opponent's side, nothing left to resolve) does not hold.
      Given it is my turn in the Main phase with memory 3
      And my hand holds Herald Testmon X-05
      When I play Herald Testmon X-05
      Then my battle area has an unsuspended Herald Testmon X-05
      And memory is 0
      And the turn does not end

    @DCG-6-5-1-1 @DCG-6-1-4-1
    Scenario: A Tamer whose play cost is 0 is played for nothing
      # Naught Testzed X-07 (test only: no Digimon or Tamer card of the real card set costs 0)
      # is a Tamer with a play cost of 0. "Play: pay the cost and put one Digimon or Tamer card
      # from hand into the battle area": from memory 0 it costs nothing, memory stays 0 and
      # the turn-end condition (1 or more on my opponent's side) does not hold.
      Given it is my turn in the Main phase with memory 0
      And my hand holds Naught Testzed X-07
      When I play Naught Testzed X-07
      Then my battle area has an unsuspended Naught Testzed X-07
      And memory is 0
      And the turn does not end

    @DCG-6-5-1-1
    Scenario: A Tamer whose play cost is 0 can be played from memory 0
      # Naught Testzed X-07 (test only) is a Tamer with a play cost of 0: "Play: pay the cost
      # and put one Digimon or Tamer card from hand into the battle area", and a cost of 0 is
      # no more than memory + 10 at memory 0, so playing it is a legal action.
      Given it is my turn in the Main phase with memory 0
      And my hand holds Naught Testzed X-07
      Then my legal actions include playing Naught Testzed X-07

    @DCG-6-5-1-1
    Scenario: Only a card from my hand can be played, not one already in my battle area
      # "Play: pay the cost and put one Digimon or Tamer card from hand into the battle area."
      # Tai Kamiya ST1-12 (a Tamer, cost 2) is in my battle area and not in my hand.
      Given it is my turn in the Main phase with memory 4
      And my battle area has Tai Kamiya ST1-12
      When I try to play Tai Kamiya ST1-12
      Then the action is refused for DCG-6-5-1-1
      And memory is 4 on my side

    @DCG-6-5-1-1
    Scenario: The largest cost I can pay is my memory + 10
      # Phoenixmon ST1-10 costs 10: from memory 0 the marker ends at 10 on my opponent's side.
      Given it is my turn in the Main phase with memory 0
      And my hand holds Phoenixmon ST1-10
      When I play Phoenixmon ST1-10
      Then my battle area has an unsuspended Phoenixmon ST1-10
      And memory is 10 on my opponent's side
      And the turn ends

    @DCG-6-5-1-1
    Scenario: A card whose cost is more than my memory + 10 cannot be played
      # Under Tamer Testzed X-03 (test only) my turn goes on at 2 on my opponent's side, where
      # I can pay at most 8: Phoenixmon ST1-10 (10) cannot be declared; Biyomon ST1-02 (2) could.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Dracomon ST1-04, Phoenixmon ST1-10 and Biyomon ST1-02
      When I play Dracomon ST1-04
      And I try to play Phoenixmon ST1-10
      Then the action is refused for DCG-6-5-1-1
      And memory is 2 on my opponent's side
      And my hand includes Phoenixmon ST1-10

    @DCG-6-5-1-1
    Scenario: An Option card is used, not played
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090
      When I try to play Gravity Crush BT1-090
      Then the action is refused for DCG-6-5-1-1
      And memory is 3 on my side

    @DCG-6-5-1-1
    Scenario Outline: Playing with <how> is not supported by this ruleset
      Given it is my turn in the Main phase with memory 5
      And my hand holds Dracomon ST1-04
      When I try to play Dracomon ST1-04 with <how>
      Then the action is refused as unsupported for DCG-6-5-1-1
      And my hand includes Dracomon ST1-04
      And memory is 5 on my side

      Examples:
        | how      |
        | DigiXros |
        | Assembly |

  Rule: DCG-6-5-1-2 Digivolve one of my cards into a Digimon card from hand, paying the cost

    @DCG-6-5-1-2
    Scenario: Digivolving pays the digivolve cost and draws a card
      # Birdramon ST1-05 digivolves from a red level 3 Digimon for 2.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Birdramon ST1-05 and 4 other cards
      And the top card of my deck is Vegiemon BT11-049
      When I digivolve Dracomon ST1-04 into Birdramon ST1-05
      Then my battle area has an unsuspended Birdramon ST1-05 over Dracomon ST1-04
      And memory is 1 on my side
      And my hand holds 5 cards
      And my hand includes Vegiemon BT11-049

    @DCG-6-5-1-2
    Scenario: A Digi-Egg in the breeding area digivolves in the Main phase
      # Dracomon ST1-04 digivolves from a red level 2 for 0.
      Given it is my turn in the Main phase with memory 3
      And my breeding area holds Koromon ST1-01
      And my hand holds Dracomon ST1-04 and 5 other cards
      When I digivolve Koromon ST1-01 into Dracomon ST1-04
      Then my breeding area holds an unsuspended Dracomon ST1-04 over Koromon ST1-01
      And memory is 3 on my side
      And my hand holds 6 cards

    @DCG-6-5-1-2
    Scenario: A Digimon cannot digivolve into a card two levels up
      # Birdramon ST1-05 (level 4) digivolves from a red level 3 only; Koromon is level 2.
      Given it is my turn in the Main phase with memory 3
      And my breeding area holds Koromon ST1-01
      And my hand holds Birdramon ST1-05
      When I try to digivolve Koromon ST1-01 into Birdramon ST1-05
      Then the action is refused for DCG-6-5-1-2
      And my breeding area holds an unsuspended Koromon ST1-01
      And memory is 3 on my side

    @DCG-6-5-1-2
    Scenario: A Tamer cannot be digivolved
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tai Kamiya ST1-12
      And my hand holds Dracomon ST1-04
      When I try to digivolve Tai Kamiya ST1-12 into Dracomon ST1-04
      Then the action is refused for DCG-6-5-1-2
      And my hand includes Dracomon ST1-04

    @DCG-6-5-1-2
    Scenario: A Digimon whose colour does not match cannot digivolve
      # Ikkakumon ST2-05 digivolves from a blue level 3 only; Dracomon ST1-04 is red.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Ikkakumon ST2-05
      When I try to digivolve Dracomon ST1-04 into Ikkakumon ST2-05
      Then the action is refused for DCG-6-5-1-2
      And my battle area has an unsuspended Dracomon ST1-04
      And memory is 3 on my side

    @DCG-6-5-1-2
    Scenario: A Digimon in play since the start of the turn may attack after digivolving
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Birdramon ST1-05
      When I digivolve Dracomon ST1-04 into Birdramon ST1-05
      And I attack my opponent with Birdramon ST1-05
      Then my opponent's security holds 4 cards
      And my Birdramon ST1-05 is suspended

    @DCG-6-5-1-2
    Scenario Outline: <how> is not supported by this ruleset
      Given it is my turn in the Main phase with memory 5
      And my battle area has Dracomon ST1-04
      And my hand holds Birdramon ST1-05
      When I try to <how> Dracomon ST1-04 into Birdramon ST1-05
      Then the action is refused as unsupported for DCG-6-5-1-2
      And my battle area has an unsuspended Dracomon ST1-04
      And memory is 5 on my side

      Examples:
        | how             |
        | DNA digivolve   |
        | Burst digivolve |
        | App Fuse        |

    @DCG-6-5-1-2
    Scenario: Digivolving onto a Digimon I do not have is refused
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Birdramon ST1-05 and 4 other cards
      When I try to digivolve a Digimon my battle area does not hold into Birdramon ST1-05
      Then the action is refused for DCG-6-5-1-2
      And memory is 3 on my side
      And my hand includes Birdramon ST1-05

  Rule: DCG-6-5-1-3 Use an Option card from hand, paying its cost

    @DCG-6-5-1-3
    Scenario: Using an Option pays its cost, resolves its effect and trashes it
      # Gravity Crush BT1-090 (red Option) costs 0: [Main] Gain 2 memory. At end of turn, lose
      # 2 memory. 3 + 2 = 5.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090 and 4 other cards
      When I use Gravity Crush BT1-090
      Then the turn does not end
      And memory is 5 on my side
      And my trash includes Gravity Crush BT1-090
      And my hand holds 4 cards

    @DCG-6-5-1-3
    Scenario: Using an Option with a play cost pays it from my memory
      # Starlight Explosion ST1-14 (red Option) costs 2: 3 - 2 = 1, still on my side. Its
      # effect (+7000 DP to my Security Digimon) changes no memory.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Starlight Explosion ST1-14 and 4 other cards
      When I use Starlight Explosion ST1-14
      Then the turn does not end
      And memory is 1 on my side
      And my trash includes Starlight Explosion ST1-14
      And my hand holds 4 cards

    @DCG-6-5-1-3
    Scenario: An Option needs a Digimon or Tamer of its colour
      # Bearmon ST2-04 is blue, Gravity Crush red.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Bearmon ST2-04
      And my hand holds Gravity Crush BT1-090
      When I try to use Gravity Crush BT1-090
      Then the action is refused for DCG-6-5-1-3
      And my hand includes Gravity Crush BT1-090
      And memory is 3 on my side

    @DCG-6-5-1-3
    Scenario: An Option that costs more than my memory + 10 is not among my legal actions
      # "Use an Option card: pay the cost" (DCG-6-5-1-3); CR4.2 Costs: a card whose cost is
      # more than memory + 10 cannot be declared. Under Tamer Testzed X-03 (test only: the turn
      # ends only at 6 or more on my opponent's side) Birdramon ST1-05 (cost 4) takes memory
      # from 1 to 3 on my opponent's side, where I can pay at most 7: Gaia Force ST1-16 (a red
      # Option, cost 8; Birdramon is red) cannot be used.
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Birdramon ST1-05 and Gaia Force ST1-16
      When I play Birdramon ST1-05
      Then memory is 3 on my opponent's side
      And my legal actions do not include using Gaia Force ST1-16
      When I try to use Gaia Force ST1-16
      Then the action is refused for DCG-6-5-1-3
      And my hand includes Gaia Force ST1-16

    @DCG-6-5-1-3
    Scenario: An Option that costs 0 is among my legal actions
      # Gravity Crush BT1-090 (red Option) costs 0, which any memory pays; Tai Kamiya ST1-12 is
      # a red Tamer, the Option's colour.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tai Kamiya ST1-12
      And my hand holds Gravity Crush BT1-090
      Then my legal actions include using Gravity Crush BT1-090
      When I use Gravity Crush BT1-090
      Then memory is 5 on my side

    @DCG-6-5-1-3
    Scenario: A Digimon card is played, not used
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds MetalGreymon BT1-021
      When I try to use MetalGreymon BT1-021
      Then the action is refused for DCG-6-5-1-3
      And my hand includes MetalGreymon BT1-021

    @DCG-6-5-1-3
    Scenario: Memory gained past 10 is lost
      Given it is my turn in the Main phase with memory 10
      And my battle area has Dracomon ST1-04
      And my hand holds Gravity Crush BT1-090
      When I use Gravity Crush BT1-090
      Then memory is 10 on my side

  Rule: DCG-6-5-1-4 Link a card from hand or the battle area to one of my Digimon

    @DCG-6-5-1-4
    Scenario: Linking a card from my hand is not supported by this ruleset
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04
      And my hand holds Tai Kamiya ST1-12
      When I try to link Tai Kamiya ST1-12 from my hand to Dracomon ST1-04
      Then the action is refused as unsupported for DCG-6-5-1-4
      And my hand includes Tai Kamiya ST1-12
      And memory is 3 on my side

    @DCG-6-5-1-4
    Scenario: Linking a card from my battle area is not supported by this ruleset
      Given it is my turn in the Main phase with memory 3
      And my battle area has Dracomon ST1-04 and Tai Kamiya ST1-12
      When I try to link Tai Kamiya ST1-12 from my battle area to Dracomon ST1-04
      Then the action is refused as unsupported for DCG-6-5-1-4
      And my battle area has an unsuspended Tai Kamiya ST1-12
      And my battle area has an unsuspended Dracomon ST1-04

  Rule: DCG-6-5-1-5 Attack with one of my Digimon in the battle area

    @DCG-6-5-1-5
    Scenario: Attacking my opponent: my Digimon suspends and checks one security card
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Dracomon ST1-04
      When I attack my opponent with Dracomon ST1-04
      Then my opponent's security holds 4 cards
      And my Dracomon ST1-04 is suspended
      And the turn does not end
      And memory is 2 on my side

    @DCG-6-5-1-5
    Scenario: An attack on a player with no security cards wins the game
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's security is empty
      When I attack my opponent with Dracomon ST1-04
      Then I win the game

    @DCG-6-5-1-5
    Scenario: Once my attack has won the game nobody acts any more
      # CR4.2 Victory conditions: the game is over; my opponent's pass in what would be their
      # turn is refused for that rule.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's security is empty
      When I attack my opponent with Dracomon ST1-04
      Then I win the game
      When my opponent tries to pass
      Then the action is refused for CR4.2 Victory conditions

    @DCG-6-5-1-5
    Scenario: A Tamer in my battle area cannot attack
      # "Attack with one of your Digimon in the battle area": Tai Kamiya ST1-12 is a Tamer,
      # unsuspended and not played this turn.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Tai Kamiya ST1-12
      When I try to attack my opponent with Tai Kamiya ST1-12
      Then the action is refused for DCG-6-5-1-5
      And my Tai Kamiya ST1-12 is unsuspended
      And my opponent's security holds 5 cards

    @DCG-6-5-1-5
    Scenario: A security Digimon with more DP deletes my attacker and goes to the trash
      # Dracomon ST1-04 has 4000 DP, Plesiomon ST2-10 12000 DP.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Dracomon ST1-04
      And the top card of my opponent's security is Plesiomon ST2-10
      When I attack my opponent with Dracomon ST1-04
      Then my battle area has no Dracomon ST1-04
      And my trash includes Dracomon ST1-04
      And my opponent's trash includes Plesiomon ST2-10
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: Tsunomon's inherited bonus counts against a security Digimon, which has no digivolution cards
      # Tsunomon ST2-01 inherited: "[Your Turn] This Digimon gets +1000 DP when battling an
      # opponent's Digimon that has no digivolution cards." A security Digimon has none: my
      # Gomamon ST2-02 (3000 DP) has 4000 against Elecmon BT1-028's 3000 and survives.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Gomamon ST2-02 over Tsunomon ST2-01
      And the top card of my opponent's security is Elecmon BT1-028
      When I attack my opponent with Gomamon ST2-02
      Then my battle area has a suspended Gomamon ST2-02 over Tsunomon ST2-01
      And my opponent's trash includes Elecmon BT1-028
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: Tsunomon's inherited bonus counts against an opponent's Digimon without digivolution cards
      # Tsunomon ST2-01 inherited: "[Your Turn] This Digimon gets +1000 DP when battling an
      # opponent's Digimon that has no digivolution cards." Biyomon ST1-02 alone has none: my
      # Gomamon ST2-02 (3000 DP) has 4000 against its 3000, so only Biyomon is deleted.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Gomamon ST2-02 over Tsunomon ST2-01
      And my opponent's battle area has a suspended Biyomon ST1-02
      When I attack my opponent's Biyomon ST1-02 with Gomamon ST2-02
      Then my opponent's battle area has no Biyomon ST1-02
      And my opponent's trash includes Biyomon ST1-02
      And my battle area has a suspended Gomamon ST2-02 over Tsunomon ST2-01

    @DCG-6-5-1-5
    Scenario: Tsunomon's inherited bonus is not given against an opponent's Digimon with a digivolution card
      # The same Gomamon ST2-02 over Tsunomon ST2-01 against Biyomon ST1-02 over Koromon
      # ST1-01, which has one digivolution card: no bonus, 3000 against 3000, both are deleted
      # (a Koromon under it gives Biyomon nothing: it needs 4 digivolution cards).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Gomamon ST2-02 over Tsunomon ST2-01
      And my opponent's battle area has a suspended Biyomon ST1-02 over Koromon ST1-01
      When I attack my opponent's Biyomon ST1-02 with Gomamon ST2-02
      Then my opponent's battle area has no Biyomon ST1-02
      And my battle area has no Gomamon ST2-02
      And my trash includes Tsunomon ST2-01

    @DCG-6-5-1-5
    Scenario: A [Security] Tamer is played without paying its cost instead of being trashed
      # Matt Ishida ST2-12: [Security] Play this card without paying its memory cost.
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Dracomon ST1-04
      And the top card of my opponent's security is Matt Ishida ST2-12
      When I attack my opponent with Dracomon ST1-04
      Then my opponent's battle area has an unsuspended Matt Ishida ST2-12
      And my opponent's security holds 4 cards
      And memory is 2 on my side
      And my battle area has a suspended Dracomon ST1-04

    @DCG-6-5-1-5
    Scenario: Attacking a suspended Digimon: the one with less DP is deleted
      # Birdramon ST1-05 has 5000 DP, Bearmon ST2-04 4000 DP.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Birdramon ST1-05 over Dracomon ST1-04
      And my opponent's battle area has a suspended Bearmon ST2-04
      When I attack my opponent's Bearmon ST2-04 with Birdramon ST1-05
      Then my opponent's battle area has no Bearmon ST2-04
      And my opponent's trash includes Bearmon ST2-04
      And my battle area has a suspended Birdramon ST1-05 over Dracomon ST1-04
      And my opponent's security holds 5 cards

    @DCG-6-5-1-5
    Scenario: An inherited DP bonus of the card underneath counts in battle
      # Agumon ST1-03 inherited: [Your Turn] This Digimon gets +1000 DP. Birdramon ST1-05 over
      # Agumon has 6000 DP in my turn, as many as Shellmon BT7-020: both are deleted.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Birdramon ST1-05 over Agumon ST1-03
      And my opponent's battle area has a suspended Shellmon BT7-020
      When I attack my opponent's Shellmon BT7-020 with Birdramon ST1-05
      Then my opponent's battle area has no Shellmon BT7-020
      And my battle area has no Birdramon ST1-05
      And my trash includes Agumon ST1-03

    @DCG-6-5-1-5
    Scenario: A Digimon's own effect that is no DP effect adds no DP
      # Vegiemon BT11-049 (3000 DP) prints "[Start of Your Turn] Gain 1 memory": no DP. With
      # Tai Kamiya ST1-12 ([Your Turn] All of your Digimon get +1000 DP) it has 4000 and
      # attacks Bearmon ST2-04 (4000 DP): as many DP, so both are deleted.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Vegiemon BT11-049
      And my battle area has Tai Kamiya ST1-12
      And my opponent's battle area has a suspended Bearmon ST2-04
      When I attack my opponent's Bearmon ST2-04 with Vegiemon BT11-049
      Then my opponent's battle area has no Bearmon ST2-04
      And my battle area has no Vegiemon BT11-049

    @DCG-6-5-1-5
    Scenario: Tai Kamiya BT2-089's bonus in my opponent's turn is for black Digimon only
      # Tai Kamiya BT2-089: "[Opponent's Turn] All of your black Digimon get +1000 DP." My red
      # Dracomon ST1-04 keeps its 4000 DP against Ikkakumon ST2-05's 5000: only Dracomon is
      # deleted (with the bonus both would be).
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Dracomon ST1-04
      And my battle area has Tai Kamiya BT2-089
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05
      When my opponent attacks my Dracomon ST1-04 with Ikkakumon ST2-05
      Then my battle area has no Dracomon ST1-04
      And my opponent's battle area has a suspended Ikkakumon ST2-05

    @DCG-6-5-1-5
    Scenario: Tai Kamiya BT2-089's bonus in my opponent's turn counts for my black Digimon
      # Tai Kamiya BT2-089: "[Opponent's Turn] All of your black Digimon get +1000 DP." Umbra
      # Testmon X-06 (test only: no Digimon of the real card set is black) is a black Digimon
      # with 3000 DP ("[Your Turn] This Digimon gets +1000 DP" gives nothing in my opponent's
      # turn): with the bonus it has 4000, as many as Bearmon ST2-04, so both are deleted
      # (without the bonus only Umbra Testmon would be).
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Umbra Testmon X-06
      And my battle area has Tai Kamiya BT2-089
      And my opponent's battle area has an unsuspended Bearmon ST2-04
      When my opponent attacks my Umbra Testmon X-06 with Bearmon ST2-04
      Then my battle area has no Umbra Testmon X-06
      And my opponent's battle area has no Bearmon ST2-04

    @DCG-6-5-1-5
    Scenario: A Digimon's own [Your Turn] DP effect counts for it as it attacks
      # Umbra Testmon X-06 (test only: no Digimon of the real card set has a DP effect of its
      # own, not inherited) has 3000 DP and "[Your Turn] This Digimon gets +1000 DP": 4000 in
      # my turn, as many as Bearmon ST2-04, so both are deleted (without its own bonus only
      # Umbra Testmon would be).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Umbra Testmon X-06
      And my opponent's battle area has a suspended Bearmon ST2-04
      When I attack my opponent's Bearmon ST2-04 with Umbra Testmon X-06
      Then my battle area has no Umbra Testmon X-06
      And my opponent's battle area has no Bearmon ST2-04

    @DCG-6-5-1-5
    Scenario: My Digimon's [Opponent's Turn] bonus against an attacker without digivolution cards
      # Bulwark Testmon X-08 (test only: the real card set's one "when battling a Digimon that
      # has no digivolution cards" bonus, Tsunomon ST2-01's, is [Your Turn], read for an
      # attacker) has 3000 DP and "[Opponent's Turn] This Digimon gets +2000 DP when battling an
      # opponent's Digimon that has no digivolution cards". Ikkakumon ST2-05 (5000 DP) attacks
      # it with no digivolution cards: 5000 against 5000, so both are deleted (without the
      # bonus only Bulwark Testmon would be).
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Bulwark Testmon X-08
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05
      When my opponent attacks my Bulwark Testmon X-08 with Ikkakumon ST2-05
      Then my battle area has no Bulwark Testmon X-08
      And my opponent's battle area has no Ikkakumon ST2-05

    @DCG-6-5-1-5
    Scenario: My Digimon's [Opponent's Turn] bonus is not given against an attacker with a digivolution card
      # Bulwark Testmon X-08 (test only), 3000 DP: "[Opponent's Turn] This Digimon gets +2000
      # DP when battling an opponent's Digimon that has no digivolution cards." Ikkakumon
      # ST2-05 (5000 DP) over Gabumon ST2-03 has one digivolution card: no bonus, 3000 against
      # 5000, so only Bulwark Testmon is deleted.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Bulwark Testmon X-08
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05 over Gabumon ST2-03
      When my opponent attacks my Bulwark Testmon X-08 with Ikkakumon ST2-05
      Then my battle area has no Bulwark Testmon X-08
      And my opponent's battle area has a suspended Ikkakumon ST2-05 over Gabumon ST2-03

    @DCG-6-5-1-5
    Scenario: Koromon's inherited bonus needs 4 digivolution cards: with 3 it gives nothing
      # Koromon ST1-01 inherited: "[Your Turn] While this Digimon has 4 or more digivolution
      # cards, it gets +1000 DP." MetalGreymon BT1-021 (7000 DP) over three cards has 3
      # digivolution cards: 7000 against Vermilimon BT4-014's 8000, so only MetalGreymon is
      # deleted (with the bonus both would be).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended MetalGreymon BT1-021 over Birdramon ST1-05 over Dracomon ST1-04 over Koromon ST1-01
      And my opponent's battle area has a suspended Vermilimon BT4-014
      When I attack my opponent's Vermilimon BT4-014 with MetalGreymon BT1-021
      Then my battle area has no MetalGreymon BT1-021
      And my trash includes Koromon ST1-01
      And my opponent's battle area has a suspended Vermilimon BT4-014

    @DCG-6-5-1-5
    Scenario: Koromon's inherited bonus with exactly 4 digivolution cards: +1000 DP
      # Phoenixmon ST1-10 (12000 DP) over four cards, Koromon ST1-01 at the bottom, has 4
      # digivolution cards: 13000 against Plesiomon ST2-10's 12000, so only Plesiomon is
      # deleted (without the bonus both would be).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Phoenixmon ST1-10 over MetalGreymon BT1-021 over Birdramon ST1-05 over Dracomon ST1-04 over Koromon ST1-01
      And my opponent's battle area has a suspended Plesiomon ST2-10
      When I attack my opponent's Plesiomon ST2-10 with Phoenixmon ST1-10
      Then my opponent's battle area has no Plesiomon ST2-10
      And my opponent's trash includes Plesiomon ST2-10
      And my battle area has a suspended Phoenixmon ST1-10 over MetalGreymon BT1-021 over Birdramon ST1-05 over Dracomon ST1-04 over Koromon ST1-01

    @DCG-6-5-1-5
    Scenario: My opponent's Digimon gets no [Your Turn] bonus in my turn
      # Agumon ST1-03 inherited: "[Your Turn] This Digimon gets +1000 DP." Under my opponent's
      # Greymon ST1-07 (4000 DP) it gives nothing in my turn: my Dracomon ST1-04 (4000) battles
      # it with as many DP, so both are deleted (with the bonus only Dracomon would be).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has a suspended Greymon ST1-07 over Agumon ST1-03
      When I attack my opponent's Greymon ST1-07 with Dracomon ST1-04
      Then my battle area has no Dracomon ST1-04
      And my opponent's battle area has no Greymon ST1-07
      And my opponent's trash includes Agumon ST1-03

    @DCG-6-5-1-5
    Scenario: Angoramon's inherited bonus needs [Angoramon] in the Digimon's text
      # Angoramon LM-008 inherited: "[Your Turn] While this Digimon has [Angoramon] in its
      # text, it gets +2000 DP." Vegiemon BT11-049 (3000 DP) over Angoramon has no
      # [Angoramon] in its text: 3000 against Biyomon ST1-02's 3000, so both are deleted (with
      # the bonus only Biyomon would be).
      Given it is my turn in the Main phase with memory 4
      And my battle area has an unsuspended Vegiemon BT11-049 over Angoramon LM-008
      And my opponent's battle area has a suspended Biyomon ST1-02
      When I attack my opponent's Biyomon ST1-02 with Vegiemon BT11-049
      Then my battle area has no Vegiemon BT11-049
      And my trash includes Angoramon LM-008
      And my opponent's battle area has no Biyomon ST1-02

    @DCG-6-5-1-5
    Scenario: A Tamer's [Your Turn] DP bonus counts for my attacker
      # Tai Kamiya ST1-12: [Your Turn] All of your Digimon get +1000 DP. Dracomon ST1-04 (4000)
      # has 5000 DP then, as many as Ikkakumon ST2-05: both are deleted (without the bonus only
      # Dracomon would be).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my battle area has Tai Kamiya ST1-12
      And my opponent's battle area has a suspended Ikkakumon ST2-05
      When I attack my opponent's Ikkakumon ST2-05 with Dracomon ST1-04
      Then my opponent's battle area has no Ikkakumon ST2-05
      And my battle area has no Dracomon ST1-04
      And my battle area has an unsuspended Tai Kamiya ST1-12

    @DCG-6-5-1-5
    Scenario: A Digimon played this turn cannot attack
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Dracomon ST1-04 played this turn
      When I try to attack my opponent with Dracomon ST1-04
      Then the action is refused for DCG-6-5-1-5
      And my opponent's security holds 5 cards
      And my Dracomon ST1-04 is unsuspended

    @DCG-6-5-1-5
    Scenario: A suspended Digimon cannot attack
      # My Dracomon attacked earlier this turn: one security card was checked.
      Given it is my turn in the Main phase with memory 2
      And my battle area has a suspended Dracomon ST1-04
      And my opponent's security holds 4 cards
      When I try to attack my opponent with Dracomon ST1-04
      Then the action is refused for DCG-6-5-1-5
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: An unsuspended Digimon cannot be attacked
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Birdramon ST1-05 over Dracomon ST1-04
      And my opponent's battle area has an unsuspended Bearmon ST2-04
      When I try to attack my opponent's Bearmon ST2-04 with Birdramon ST1-05
      Then the action is refused for DCG-6-5-1-5
      And my opponent's battle area has an unsuspended Bearmon ST2-04
      And my Birdramon ST1-05 is unsuspended

    @DCG-6-5-1-5
    Scenario: An attack on a Digimon my opponent does not have is refused
      # The target names a stack no area holds (one above every stack id in play).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Birdramon ST1-05 over Dracomon ST1-04
      And my opponent's battle area has an unsuspended Bearmon ST2-04
      When I try to attack a Digimon my opponent's battle area does not hold with Birdramon ST1-05
      Then the action is refused for DCG-6-5-1-5
      And my Birdramon ST1-05 is unsuspended
      And memory is 3 on my side

  Rule: DCG-6-5-1-6 Activate one activated ([Main]) effect of one of my cards

    Background:
      # Mimi Tachikawa BT1-089: [Main] If you have a level 5 or higher green Digimon in play,
      # you can suspend this Tamer to hatch 1 Digi-Egg card to an empty space in your breeding
      # area, or move 1 level 3 or higher Digimon from your breeding area to your battle area.
      # Digitamamon BT1-075 is a green level 5 Digimon.
      Given it is my turn in the Main phase with memory 3

    @DCG-6-5-1-6
    Scenario: The [Main] effects of two of my Tamers can each be activated
      # "Activate one activated effect of one of your cards": Mimi Tachikawa's hatch (a green
      # level 5 Digimon in play, an empty breeding area, a Digi-Egg to hatch) and Spark Testzed
      # X-04's (test only) [Main] [Once Per Turn] Gain 1 memory are both open; I activate one.
      Given my battle area has Mimi Tachikawa BT1-089, Spark Testzed X-04 and Digitamamon BT1-075
      And my Digi-Egg deck holds Koromon ST1-01
      Then my legal actions include activating the [Main] effect of Mimi Tachikawa BT1-089 to hatch
      And my legal actions include activating the [Main] effect of Spark Testzed X-04
      When I activate the [Main] effect of Spark Testzed X-04
      Then memory is 4 on my side
      And my legal actions include activating the [Main] effect of Mimi Tachikawa BT1-089 to hatch

    @DCG-6-5-1-6
    Scenario: Activating a [Main] effect: Mimi Tachikawa hatches a Digi-Egg in my Main phase
      Given my battle area has Mimi Tachikawa BT1-089 and Digitamamon BT1-075
      And my Digi-Egg deck holds Koromon ST1-01
      When I activate the [Main] effect of Mimi Tachikawa BT1-089 to hatch
      Then my breeding area holds an unsuspended Koromon ST1-01
      And my Digi-Egg deck holds 0 cards
      And my Mimi Tachikawa BT1-089 is suspended
      And memory is 3 on my side
      And the turn does not end

    @DCG-6-5-1-6
    Scenario: Activating a [Main] effect: Mimi Tachikawa moves a Digimon out of the breeding area
      Given my battle area has Mimi Tachikawa BT1-089 and Digitamamon BT1-075
      And my breeding area holds Dracomon ST1-04 over Koromon ST1-01
      When I activate the [Main] effect of Mimi Tachikawa BT1-089 to move
      Then my breeding area is empty
      And my battle area has an unsuspended Dracomon ST1-04 over Koromon ST1-01
      And my Mimi Tachikawa BT1-089 is suspended

    @DCG-6-5-1-6
    Scenario: An effect paid by suspending its card cannot be activated again while suspended
      Given my battle area has Mimi Tachikawa BT1-089 and Digitamamon BT1-075
      And my Digi-Egg deck holds Koromon ST1-01 and Tsunomon ST2-01
      When I activate the [Main] effect of Mimi Tachikawa BT1-089 to hatch
      And I try to activate the [Main] effect of Mimi Tachikawa BT1-089 to move
      Then the action is refused for DCG-6-5-1-6
      And my breeding area holds an unsuspended Koromon ST1-01

    @DCG-6-5-1-6
    Scenario: Once Mimi Tachikawa has suspended itself, its [Main] effect cannot move my new Digimon
      # Mimi Tachikawa hatches Koromon ST1-01 and is suspended (the cost); Koromon digivolves
      # into Dracomon ST1-04 (level 3) in the breeding area, which the move could take, but the
      # cost cannot be paid again.
      Given my battle area has Mimi Tachikawa BT1-089 and Digitamamon BT1-075
      And my Digi-Egg deck holds Koromon ST1-01
      And my hand holds Dracomon ST1-04
      When I activate the [Main] effect of Mimi Tachikawa BT1-089 to hatch
      And I digivolve Koromon ST1-01 into Dracomon ST1-04
      Then my breeding area holds an unsuspended Dracomon ST1-04 over Koromon ST1-01
      And my legal actions do not include activating the [Main] effect of Mimi Tachikawa BT1-089 to move
      When I try to activate the [Main] effect of Mimi Tachikawa BT1-089 to move
      Then the action is refused for DCG-6-5-1-6
      And my breeding area holds an unsuspended Dracomon ST1-04 over Koromon ST1-01

    @DCG-6-5-1-6
    Scenario: Mimi Tachikawa cannot hatch while my breeding area is occupied
      # CR4.2 Hatching: only into an empty breeding area. Koromon ST1-01, a Digi-Egg, has no
      # DP and cannot move out either; Tsunomon ST2-01 waits in my Digi-Egg deck.
      Given my battle area has Mimi Tachikawa BT1-089 and Digitamamon BT1-075
      And my breeding area holds Koromon ST1-01
      And my Digi-Egg deck holds Tsunomon ST2-01
      Then my legal actions do not include activating the [Main] effect of Mimi Tachikawa BT1-089 to hatch
      When I try to activate the [Main] effect of Mimi Tachikawa BT1-089 to hatch
      Then the action is refused for DCG-6-5-1-6
      And my breeding area holds an unsuspended Koromon ST1-01
      And my Digi-Egg deck holds 1 card
      And my Mimi Tachikawa BT1-089 is unsuspended

    @DCG-6-5-1-6
    Scenario: Without a level 5 or higher green Digimon the [Main] effect cannot be activated
      Given my battle area has Mimi Tachikawa BT1-089 and Birdramon ST1-05
      And my Digi-Egg deck holds Koromon ST1-01
      When I try to activate the [Main] effect of Mimi Tachikawa BT1-089 to hatch
      Then the action is refused for DCG-6-5-1-6
      And my breeding area is empty
      And my Mimi Tachikawa BT1-089 is unsuspended

    @DCG-6-5-1-6
    Scenario: A [Once Per Turn] [Main] effect resolves once, then cannot be activated again that turn
      # Spark Testzed X-04 (test only): [Main] [Once Per Turn] Gain 1 memory, its card's only
      # effect. CR4.2 Once Per Turn: activating it uses it for the turn; it still resolves.
      Given my battle area has Spark Testzed X-04
      Then my legal actions include activating the [Main] effect of Spark Testzed X-04
      When I activate the [Main] effect of Spark Testzed X-04
      Then memory is 4 on my side
      And my legal actions do not include activating the [Main] effect of Spark Testzed X-04
      When I try to activate the [Main] effect of Spark Testzed X-04
      Then the action is refused for DCG-6-5-1-6
      And memory is 4 on my side

    @DCG-6-5-1-6
    Scenario: A card without a [Main] effect has nothing to activate
      Given my battle area has Dracomon ST1-04
      When I try to activate the [Main] effect of Dracomon ST1-04
      Then the action is refused for DCG-6-5-1-6
      And memory is 3 on my side

    @DCG-6-5-1-6
    Scenario: I cannot activate the [Main] effect of my opponent's card
      # DCG-6-5-1-6: the turn player activates an activated effect "of one of my cards". My
      # opponent's Spark Testzed X-04 ([Main] [Once Per Turn] Gain 1 memory) is not mine.
      Given my opponent's battle area has Spark Testzed X-04
      When I try to activate the [Main] effect of my opponent's Spark Testzed X-04
      Then the action is refused for DCG-6-5-1-6
      And memory is 3 on my side

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
      # Under Tamer Testzed X-03 (test only) my turn ends only at 6 or more on my opponent's
      # side, so it goes on at 2 on my opponent's side; the pass sets 3 (not 2 + 3, not left
      # at 2), and the turn still goes on (Biyomon ST1-02 is still playable).
      Given it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Dracomon ST1-04 and Biyomon ST1-02
      When I play Dracomon ST1-04
      Then memory is 2 on my opponent's side
      And the turn does not end
      When I pass
      Then memory is 3 on my opponent's side
      And it is still my turn in the Main phase

    @DCG-6-5-1-7
    Scenario: Pass with a pending end-of-turn loss of 3 leaves my opponent at 6
      # MetalGreymon BT1-021: [When Attacking] Gain 3 memory. At end of turn, lose 3 memory.
      # The attack gains 3 (memory 6), the pass sets 3 on my opponent's side, then the pending
      # loss of 3 still applies at end of turn (QA883).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended MetalGreymon BT1-021
      When I attack my opponent with MetalGreymon BT1-021
      Then memory is 6 on my side
      When I pass
      Then the turn ends
      And memory is 6 on my opponent's side
      And it is my opponent's turn in the Breeding phase
