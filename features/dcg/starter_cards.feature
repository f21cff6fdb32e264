Feature: The ST-1 and ST-2 cards - their effects in the Main phase
  Every card of the starter decks ST-1 (Gaia Red) and ST-2 (Cocytus Blue) is a REAL card of
  oracle/data/dcg/cards.json. This feature pins each text that meets a chapter-6 timing:
  [When Attacking] and the attack's later timings (DCG-6-5-1-5, with CR4.2 Attacking, Blocking,
  Security checks and Battles), [When Digivolving] (DCG-6-5-1-2), an Option's [Main]
  (DCG-6-5-1-3) and [Security] effects met during an attack. The expected numbers follow from
  the printed DP, costs and texts (given in comments).

  When an effect has more than one way to choose its targets, or the defender has a <Blocker>
  that may block, the game waits for that player's "choose" (the state's "choice"); with one
  way only, the effect takes it. "I" am seat 0 and "my opponent" is seat 1. My opponent's
  security cards are Gravity Crush BT1-090 (no [Security] effect) unless a scenario names them.
  Two INVENTED test-only cards of oracle/data/dcg/test-only-cards.json appear where no real card
  serves: Herald Testmon X-05 ([On Play] Gain 1 memory; no real card of the set has an [On Play]
  effect), played by Kaiser Nail ST2-15, and Echo Testmon X-09 (inherited: [When Attacking]
  [Once Per Turn] Gain 1 memory; no [Once Per Turn] effect of the real set is inherited).

  Rule: DCG-6-5-1-5 <Blocker> and "[When Attacking] Lose 2 memory" (Coredramon ST1-06, Grizzlymon ST2-07)

    @DCG-6-5-1-5
    Scenario: Coredramon loses 2 memory when it attacks
      # Coredramon ST1-06: <Blocker> [When Attacking] Lose 2 memory.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Coredramon ST1-06 over Agumon ST1-03
      When I attack my opponent with Coredramon ST1-06
      Then memory is 1 on my side
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: My opponent blocks with Grizzlymon: my attacker battles it instead of checking security
      # Grizzlymon ST2-07 (6000 DP, <Blocker>) blocks Dracomon ST1-04 (4000 DP): Dracomon is deleted.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has an unsuspended Grizzlymon ST2-07 over Bearmon ST2-04
      When I attack my opponent with Dracomon ST1-04
      Then my opponent is to decide whether to block
      And my opponent's legal actions number 2
      When my opponent blocks with Grizzlymon ST2-07
      Then my battle area has no Dracomon ST1-04
      And my opponent's Grizzlymon ST2-07 is suspended
      And my opponent's security holds 5 cards

    @DCG-6-5-1-5
    Scenario: My opponent blocks with one Blocker, not two
      # CR4.2 Blocking: the defender may block with one <Blocker> (Grizzlymon ST2-07 or
      # Coredramon ST1-06, both unsuspended): 3 choices (no block, either one); naming both at
      # once is refused, and the block is still to be decided.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has an unsuspended Grizzlymon ST2-07 over Bearmon ST2-04
      And my opponent's battle area has an unsuspended Coredramon ST1-06 over Agumon ST1-03
      When I attack my opponent with Dracomon ST1-04
      Then my opponent is to decide whether to block
      And my opponent's legal actions number 3
      When my opponent tries to choose my opponent's Grizzlymon ST2-07 and Coredramon ST1-06
      Then the action is refused for CR4.2 Blocking
      And my opponent is to decide whether to block

    @DCG-6-5-1-5
    Scenario: My opponent does not block: the attack checks a security card
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has an unsuspended Grizzlymon ST2-07 over Bearmon ST2-04
      When I attack my opponent with Dracomon ST1-04
      And my opponent does not block
      Then my opponent's security holds 4 cards
      And my opponent's Grizzlymon ST2-07 is unsuspended
      And my Dracomon ST1-04 is suspended

    @DCG-6-5-1-5
    Scenario: A suspended Blocker cannot block
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has a suspended Grizzlymon ST2-07 over Bearmon ST2-04
      When I attack my opponent with Dracomon ST1-04
      Then no choice is due
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: MetalGreymon underneath gains 3 memory when my attacker is blocked
      # MetalGreymon ST1-09 inherited: [Your Turn] When this Digimon is blocked, gain 3 memory.
      # Phoenixmon ST1-10 digivolves from a red level 5 for 2 (memory 3 -> 1); it (12000 DP)
      # then deletes the blocking Grizzlymon ST2-07 (6000 DP): memory 1 + 3.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended MetalGreymon ST1-09 over Greymon ST1-07 over Agumon ST1-03 over Koromon ST1-01
      And my opponent's battle area has an unsuspended Grizzlymon ST2-07 over Bearmon ST2-04
      And my hand holds Phoenixmon ST1-10
      When I digivolve MetalGreymon ST1-09 into Phoenixmon ST1-10
      And I attack my opponent with Phoenixmon ST1-10
      And my opponent blocks with Grizzlymon ST2-07
      Then memory is 4 on my side
      And my opponent's battle area has no Grizzlymon ST2-07
      And my battle area has a suspended Phoenixmon ST1-10 over MetalGreymon ST1-09 over Greymon ST1-07 over Agumon ST1-03 over Koromon ST1-01

  Rule: DCG-6-5-1-5 <Security Attack +1> checks one more security card (Greymon ST1-07, WarGreymon ST1-11, WereGarurumon ST2-08)

    @DCG-6-5-1-5
    Scenario: Greymon underneath: my attacker checks 2 security cards
      # Greymon ST1-07 inherited: <Security Attack +1>.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended MetalGreymon ST1-09 over Greymon ST1-07 over Agumon ST1-03 over Koromon ST1-01
      When I attack my opponent with MetalGreymon ST1-09
      Then my opponent's security holds 3 cards

    @DCG-6-5-1-5
    Scenario: Greymon on top does not get its own inherited effect
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Greymon ST1-07 over Agumon ST1-03
      When I attack my opponent with Greymon ST1-07
      Then my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: WarGreymon checks one more security card for every 2 digivolution cards
      # WarGreymon ST1-11 (from a red level 5 for 4: memory 4 -> 0): [Your Turn] For every 2
      # digivolution cards this Digimon has, it gains <Security Attack +1>. Over Garudamon,
      # Birdramon, Biyomon and Koromon it has 4: 1 + 2 security cards are checked (a flat +1
      # would check 2, one per card 5).
      Given it is my turn in the Main phase with memory 4
      And my battle area has an unsuspended Garudamon ST1-08 over Birdramon ST1-05 over Biyomon ST1-02 over Koromon ST1-01
      And my hand holds WarGreymon ST1-11
      When I digivolve Garudamon ST1-08 into WarGreymon ST1-11
      And I attack my opponent with WarGreymon ST1-11
      Then my opponent's security holds 2 cards

    @DCG-6-5-1-5
    Scenario: WarGreymon with 3 digivolution cards checks one more security card, not two
      # WarGreymon ST1-11: [Your Turn] For every 2 digivolution cards this Digimon has, it
      # gains <Security Attack +1>. Over Garudamon, Birdramon and Biyomon it has 3: one full
      # pair, so 1 + 1 security cards are checked (counting WarGreymon itself as a fourth
      # card would make two pairs and check 3).
      Given it is my turn in the Main phase with memory 4
      And my battle area has an unsuspended Garudamon ST1-08 over Birdramon ST1-05 over Biyomon ST1-02
      And my hand holds WarGreymon ST1-11
      When I digivolve Garudamon ST1-08 into WarGreymon ST1-11
      And I attack my opponent with WarGreymon ST1-11
      Then my opponent's security holds 3 cards

    @DCG-6-5-1-5
    Scenario Outline: WereGarurumon underneath checks one more while my opponent has a Digimon without digivolution cards
      # WereGarurumon ST2-08 inherited: [Your Turn] While your opponent has a Digimon with no
      # digivolution cards, this Digimon gains <Security Attack +1>.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Plesiomon ST2-10 over WereGarurumon ST2-08
      And my opponent's battle area has a suspended <theirs>
      When I attack my opponent with Plesiomon ST2-10
      Then my opponent's security holds <left> cards

      Examples:
        | theirs                         | left |
        | Dracomon ST1-04                | 3    |
        | Birdramon ST1-05 over Biyomon ST1-02 | 4    |

    @DCG-6-5-1-5
    Scenario: Shadow Wing from my security gives my Digimon hatched from a Digi-Egg <Security Attack +1> in my next turn
      # Shadow Wing ST1-13: [Security] All of your Digimon gain <Security Attack +1> until the end
      # of your next turn. CR4.2 Security checks: a [Security] effect activates for the owner of
      # the card as it is revealed. "All of your Digimon" are the Digimon in my battle area,
      # whatever lies under them: Agumon ST1-03 over the Digi-Egg Koromon ST1-01 is one of them,
      # and in my next turn it checks 1 + 1 security cards.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has an unsuspended Agumon ST1-03 over Koromon ST1-01
      And my opponent's battle area has an unsuspended Dracomon ST1-04
      And the top card of my security is Shadow Wing ST1-13
      When my opponent attacks me with Dracomon ST1-04
      Then my security holds 4 cards
      When my opponent passes
      And I do nothing in the Breeding phase
      And I attack my opponent with Agumon ST1-03
      Then my opponent's security holds 3 cards

  Rule: DCG-6-5-1-5 [When Attacking] effects of the attacker and of its digivolution cards

    @DCG-6-5-1-5
    Scenario: Gabumon underneath trashes the bottom digivolution card of my opponent's Digimon
      # Gabumon ST2-03 inherited: [When Attacking] Trash the digivolution card at the bottom of
      # 1 of your opponent's Digimon with a level of 5 or less. Birdramon ST1-05 is level 4.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Garurumon ST2-06 over Gabumon ST2-03 over Tsunomon ST2-01
      And my opponent's battle area has a suspended Birdramon ST1-05 over Biyomon ST1-02
      When I attack my opponent with Garurumon ST2-06
      Then my opponent's battle area has a suspended Birdramon ST1-05
      And my opponent's trash includes Biyomon ST1-02

    @DCG-6-5-1-5
    Scenario: An inherited [When Attacking] [Once Per Turn] effect triggers on my first attack of the turn
      # Echo Testmon X-09 (test only: no [Once Per Turn] effect of the real card set is
      # inherited) inherited: [When Attacking] [Once Per Turn] Gain 1 memory. Greymon ST1-07
      # over it attacks for the first time this turn: the effect has not been used, it
      # triggers (CR4.2 Inherited effects, Once Per Turn) and gains 1 memory (2 -> 3).
      Given it is my turn in the Main phase with memory 2
      And my battle area has an unsuspended Greymon ST1-07 over Echo Testmon X-09
      When I attack my opponent with Greymon ST1-07
      Then memory is 3 on my side
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: Gabumon's inherited effect passes over a Digimon without digivolution cards
      # Gabumon ST2-03 inherited: [When Attacking] Trash the digivolution card at the bottom of
      # 1 of your opponent's Digimon with a level of 5 or less. Agumon ST1-03 alone has no
      # digivolution card to trash, so it is no target: Birdramon ST1-05 is the only one, and
      # its bottom card goes without a choice.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Garurumon ST2-06 over Gabumon ST2-03 over Tsunomon ST2-01
      And my opponent's battle area has a suspended Agumon ST1-03
      And my opponent's battle area has a suspended Birdramon ST1-05 over Biyomon ST1-02
      When I attack my opponent with Garurumon ST2-06
      Then my opponent's battle area has a suspended Birdramon ST1-05
      And my opponent's battle area has a suspended Agumon ST1-03
      And my opponent's trash includes Biyomon ST1-02

    @DCG-6-5-1-5
    Scenario: Gabumon's inherited effect reaches a level 5 Digimon, not a level 6 one
      # Gabumon ST2-03 inherited: [When Attacking] Trash the digivolution card at the bottom of
      # 1 of your opponent's Digimon with a level of 5 or less. "5 or less" includes 5:
      # Garudamon ST1-08 is level 5, Phoenixmon ST1-10 level 6. The level 5 Digimon is the
      # only one it may choose, so its bottom card, Biyomon ST1-02, goes without a choice.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Garurumon ST2-06 over Gabumon ST2-03
      And my opponent's battle area has a suspended Garudamon ST1-08 over Birdramon ST1-05 over Biyomon ST1-02
      And my opponent's battle area has a suspended Phoenixmon ST1-10 over Garudamon ST1-08
      When I attack my opponent with Garurumon ST2-06
      Then my opponent's battle area has a suspended Garudamon ST1-08 over Birdramon ST1-05
      And my opponent's battle area has a suspended Phoenixmon ST1-10 over Garudamon ST1-08
      And my opponent's trash includes Biyomon ST1-02

    @DCG-6-5-1-5
    Scenario: Gabumon's inherited effect does not reach a level 6 Digimon
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Garurumon ST2-06 over Gabumon ST2-03
      And my opponent's battle area has a suspended Phoenixmon ST1-10 over Garudamon ST1-08
      When I attack my opponent with Garurumon ST2-06
      Then my opponent's battle area has a suspended Phoenixmon ST1-10 over Garudamon ST1-08

    @DCG-6-5-1-5
    Scenario: Garurumon underneath trashes the bottom digivolution card of my opponent's Digimon
      # Garurumon ST2-06 inherited: [When Attacking] Trash the digivolution card at the bottom of
      # 1 of your opponent's Digimon (of any level: no "level 5 or less" here). Only the bottom
      # card goes: Koromon ST1-01.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended WereGarurumon ST2-08 over Garurumon ST2-06 over Gomamon ST2-02 over Tsunomon ST2-01
      And my opponent's battle area has an unsuspended Garudamon ST1-08 over Birdramon ST1-05 over Biyomon ST1-02 over Koromon ST1-01
      When I attack my opponent with WereGarurumon ST2-08
      Then my opponent's battle area has an unsuspended Garudamon ST1-08 over Birdramon ST1-05 over Biyomon ST1-02
      And my opponent's trash includes Koromon ST1-01

    @DCG-6-5-1-5
    Scenario: MetalGarurumon unsuspends after its first attack of the turn only
      # MetalGarurumon ST2-11 (from a blue level 5 for 4: memory 4 -> 0): [When Attacking]
      # [Once Per Turn] Unsuspend this Digimon.
      Given it is my turn in the Main phase with memory 4
      And my battle area has an unsuspended Zudomon ST2-09 over Ikkakumon ST2-05 over Gomamon ST2-02 over Tsunomon ST2-01
      And my hand holds MetalGarurumon ST2-11
      When I digivolve Zudomon ST2-09 into MetalGarurumon ST2-11
      And I attack my opponent with MetalGarurumon ST2-11
      Then my MetalGarurumon ST2-11 is unsuspended
      And my opponent's security holds 4 cards
      When I attack my opponent with MetalGarurumon ST2-11
      Then my MetalGarurumon ST2-11 is suspended
      And my opponent's security holds 3 cards

  Rule: DCG-6-5-1-2 [When Digivolving] effects (Garudamon ST1-08, Zudomon ST2-09)

    @DCG-6-5-1-2
    Scenario: Garudamon gives the Digimon I choose +3000 DP for the turn
      # Garudamon ST1-08 (from a red level 4, cost 3): [When Digivolving] 1 of your Digimon gets
      # +3000 DP for the turn. Dracomon ST1-04 (4000 + 3000) then deletes Ikkakumon ST2-05 (5000).
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Birdramon ST1-05 over Biyomon ST1-02
      And my battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has a suspended Ikkakumon ST2-05
      And my hand holds Garudamon ST1-08
      When I digivolve Birdramon ST1-05 into Garudamon ST1-08
      Then I am to choose the targets of Garudamon ST1-08
      And my legal actions number 2
      When I choose my Dracomon ST1-04
      And I attack my opponent's Ikkakumon ST2-05 with Dracomon ST1-04
      Then my opponent's battle area has no Ikkakumon ST2-05
      And my battle area has a suspended Dracomon ST1-04

    @DCG-6-5-1-2
    Scenario: Zudomon trashes the bottom 2 digivolution cards of my opponent's Digimon
      # Zudomon ST2-09 (from a blue level 4, cost 3): [When Digivolving] Trash 2 digivolution
      # cards at the bottom of 1 of your opponent's Digimon.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Ikkakumon ST2-05 over Gomamon ST2-02
      And my opponent's battle area has an unsuspended Garudamon ST1-08 over Birdramon ST1-05 over Biyomon ST1-02 over Koromon ST1-01
      And my hand holds Zudomon ST2-09
      When I digivolve Ikkakumon ST2-05 into Zudomon ST2-09
      Then my opponent's battle area has an unsuspended Garudamon ST1-08 over Birdramon ST1-05
      And my opponent's trash includes Koromon ST1-01
      And my opponent's trash includes Biyomon ST1-02

  Rule: DCG-6-5-1-3 Option cards' [Main] effects (ST1-13 … ST1-16, ST2-14 … ST2-16)

    @DCG-6-5-1-3
    Scenario: Shadow Wing gives the Digimon I choose +3000 DP for the turn
      # Shadow Wing ST1-13 (cost 1): [Main] 1 of your Digimon gets +3000 DP for the turn.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my battle area has an unsuspended Biyomon ST1-02
      And my opponent's battle area has a suspended Ikkakumon ST2-05
      And my hand holds Shadow Wing ST1-13
      When I use Shadow Wing ST1-13
      Then I am to choose the targets of Shadow Wing ST1-13
      When I choose my Dracomon ST1-04
      And I attack my opponent's Ikkakumon ST2-05 with Dracomon ST1-04
      Then my opponent's battle area has no Ikkakumon ST2-05
      And memory is 2 on my side

    @DCG-6-5-1-3 @DCG-6-5-1-5
    Scenario: Shadow Wing's +3000 DP adds no security check to the Digimon it was given to
      # Shadow Wing ST1-13 (cost 1): [Main] 1 of your Digimon gets +3000 DP for the turn. DP is
      # not <Security Attack +n> (CR4.2 Security checks: a Digimon that attacks the player
      # checks 1 security card, plus its <Security Attack> effects): Dracomon ST1-04, given
      # +3000 DP, attacks my opponent and checks 1 of its 5 security cards.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my battle area has an unsuspended Biyomon ST1-02
      And my hand holds Shadow Wing ST1-13
      When I use Shadow Wing ST1-13
      Then I am to choose the targets of Shadow Wing ST1-13
      When I choose my Dracomon ST1-04
      And I attack my opponent with Dracomon ST1-04
      Then my opponent's security holds 4 cards

    @DCG-6-5-1-3
    Scenario: Starlight Explosion's +7000 DP protects my security in my opponent's next turn
      # Starlight Explosion ST1-14 (cost 2): [Main] All of your Security Digimon get +7000 DP
      # until the end of your opponent's next turn. Agumon ST1-03 (2000 + 7000) from my
      # security deletes my opponent's attacking Birdramon ST1-05 (5000).
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tai Kamiya ST1-12
      And my opponent's battle area has an unsuspended Birdramon ST1-05
      And the top card of my security is Agumon ST1-03
      And my hand holds Starlight Explosion ST1-14
      When I use Starlight Explosion ST1-14
      And I pass
      And my opponent does nothing in the Breeding phase
      And my opponent attacks me with Birdramon ST1-05
      Then my opponent's battle area has no Birdramon ST1-05
      And my security holds 4 cards

    @DCG-6-5-1-3 @DCG-6-5-1-5
    Scenario: Starlight Explosion's +7000 DP is for my Security Digimon, not my opponent's
      # Starlight Explosion ST1-14 (cost 2): [Main] All of your Security Digimon get +7000 DP
      # until the end of your opponent's next turn. "Your" Security Digimon are mine only: my
      # Dracomon ST1-04 (4000) attacks and my opponent's security Agumon ST1-03 battles it with
      # its printed 2000 DP. CR4.2 Security checks: the attacker is deleted only if its DP is
      # not higher, and a Security Digimon is never deleted; the check ends the security card.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And the top card of my opponent's security is Agumon ST1-03
      And my hand holds Starlight Explosion ST1-14
      When I use Starlight Explosion ST1-14
      And I attack my opponent with Dracomon ST1-04
      Then my battle area has a suspended Dracomon ST1-04
      And my opponent's security holds 4 cards
      And my opponent's trash includes Agumon ST1-03
      And memory is 1 on my side

    @DCG-6-5-1-3
    Scenario: Giga Destroyer deletes up to 2 of my opponent's Digimon with 4000 DP or less
      # Giga Destroyer ST1-15 (cost 6): [Main] Delete up to 2 of your opponent's Digimon with
      # 4000 DP or less. Ikkakumon ST2-05 has 5000 DP: 4 choices (none, either, both). From 3
      # the cost leaves 3 on my opponent's side: the effect resolves (its choice first), then
      # the turn ends.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tai Kamiya ST1-12
      And my opponent's battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has an unsuspended Bearmon ST2-04
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05
      And my hand holds Giga Destroyer ST1-15
      When I use Giga Destroyer ST1-15
      Then I am to choose the targets of Giga Destroyer ST1-15
      And my legal actions number 4
      When I choose my opponent's Dracomon ST1-04 and Bearmon ST2-04
      Then my opponent's battle area has no Dracomon ST1-04
      And my opponent's battle area has no Bearmon ST2-04
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05
      And it is my opponent's turn

    @DCG-6-5-1-3
    Scenario: Giga Destroyer deletes no more than 2 when 3 of my opponent's Digimon qualify
      # Giga Destroyer ST1-15 (cost 6): [Main] Delete up to 2 of your opponent's Digimon with
      # 4000 DP or less. Dracomon ST1-04, Bearmon ST2-04 (4000) and Gomamon ST2-02 (3000) all
      # qualify: "up to 2" is none, any one or any two of them (1 + 3 + 3 = 7 choices), never
      # all three.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tai Kamiya ST1-12
      And my opponent's battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has an unsuspended Bearmon ST2-04
      And my opponent's battle area has an unsuspended Gomamon ST2-02
      And my hand holds Giga Destroyer ST1-15
      When I use Giga Destroyer ST1-15
      Then I am to choose the targets of Giga Destroyer ST1-15
      And my legal actions number 7
      When I choose my opponent's Bearmon ST2-04 and Gomamon ST2-02
      Then my opponent's battle area has no Bearmon ST2-04
      And my opponent's battle area has no Gomamon ST2-02
      And my opponent's battle area has an unsuspended Dracomon ST1-04
      And it is my opponent's turn

    @DCG-6-5-1-3
    Scenario: Giga Destroyer cannot be made to delete a Digimon with more than 4000 DP
      # Giga Destroyer ST1-15: "Delete up to 2 of your opponent's Digimon with 4000 DP or less."
      # Ikkakumon ST2-05 has 5000 DP: a choice naming it is no choice the effect offers, so it
      # is refused and the choice is still to be made.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tai Kamiya ST1-12
      And my opponent's battle area has an unsuspended Dracomon ST1-04
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05
      And my hand holds Giga Destroyer ST1-15
      When I use Giga Destroyer ST1-15
      Then I am to choose the targets of Giga Destroyer ST1-15
      When I try to choose my opponent's Dracomon ST1-04 and Ikkakumon ST2-05
      Then the action is refused for CR4.2 Triggered effects
      And I am to choose the targets of Giga Destroyer ST1-15
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05
      And my opponent's battle area has an unsuspended Dracomon ST1-04

    @DCG-6-5-1-3
    Scenario: Gaia Force deletes my opponent's only Digimon without a choice
      # Gaia Force ST1-16 (cost 8): [Main] Delete 1 of your opponent's Digimon. From 3 the cost
      # leaves 5 on my opponent's side: the effect resolves, then the turn ends.
      Given it is my turn in the Main phase with memory 3
      And my battle area has Tai Kamiya ST1-12
      And my opponent's battle area has an unsuspended Garudamon ST1-08 over Birdramon ST1-05 over Biyomon ST1-02 over Koromon ST1-01
      And my hand holds Gaia Force ST1-16
      When I use Gaia Force ST1-16
      Then my opponent's battle area has no Garudamon ST1-08
      And my opponent's trash includes Garudamon ST1-08
      And my opponent's trash includes Koromon ST1-01
      And it is my opponent's turn

    @DCG-6-5-1-5
    Scenario: Gaia Force in my opponent's security deletes my attacker
      # Gaia Force ST1-16: [Security] Activate this card's [Main] effect.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And the top card of my opponent's security is Gaia Force ST1-16
      When I attack my opponent with Dracomon ST1-04
      Then my battle area has no Dracomon ST1-04
      And my opponent's trash includes Gaia Force ST1-16
      And my opponent's security holds 4 cards

    @DCG-6-5-1-5
    Scenario: Sorrow Blue in my opponent's security makes my opponent choose which of my Digimon cannot block
      # Sorrow Blue ST2-14: [Security] Choose 1 of your opponent's Digimon with no digivolution
      # cards. That Digimon can't attack or block until the end of your next turn. CR4.2
      # Security checks: the effect activates for the card's owner, my opponent, as it is
      # revealed; my Dracomon ST1-04 and Grizzlymon ST2-07 both qualify, so my opponent
      # chooses. In my opponent's next turn the chosen Grizzlymon (a <Blocker>) cannot block:
      # I am not asked, and the attack checks my security.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Dracomon ST1-04
      And my battle area has an unsuspended Grizzlymon ST2-07
      And my opponent's battle area has an unsuspended Gomamon ST2-02
      And the top card of my opponent's security is Sorrow Blue ST2-14
      When I attack my opponent with Dracomon ST1-04
      Then my opponent is to choose the targets of Sorrow Blue ST2-14
      When my opponent chooses my Grizzlymon ST2-07
      Then my opponent's security holds 4 cards
      And my opponent's trash includes Sorrow Blue ST2-14
      When I pass
      And my opponent does nothing in the Breeding phase
      And my opponent attacks me with Gomamon ST2-02
      Then my security holds 4 cards
      And my battle area has an unsuspended Grizzlymon ST2-07

    @DCG-6-5-1-3
    Scenario: Sorrow Blue stops my opponent's Digimon without digivolution cards from attacking
      # Sorrow Blue ST2-14 (cost 2): [Main] Choose 1 of your opponent's Digimon with no
      # digivolution cards. That Digimon can't attack or block until the end of your opponent's
      # next turn.
      Given it is my turn in the Main phase with memory 4
      And my battle area has Matt Ishida ST2-12
      And my opponent's battle area has an unsuspended Bearmon ST2-04
      And my hand holds Sorrow Blue ST2-14
      When I use Sorrow Blue ST2-14
      And I pass
      And my opponent does nothing in the Breeding phase
      And my opponent tries to attack me with Bearmon ST2-04
      Then the action is refused for DCG-6-5-1-5

    @DCG-6-5-1-3
    Scenario: Kaiser Nail plays a digivolution card as another Digimon
      # Kaiser Nail ST2-15 (cost 4): [Main] Choose a Digimon digivolution card placed under 1 of
      # your Digimon and play it as another Digimon without paying its memory cost. Tsunomon
      # ST2-01 is a Digi-Egg, not a Digimon card: Gomamon or Ikkakumon. From 3 the cost leaves
      # 1 on my opponent's side: the effect resolves, then the turn ends.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Zudomon ST2-09 over Ikkakumon ST2-05 over Gomamon ST2-02 over Tsunomon ST2-01
      And my hand holds Kaiser Nail ST2-15
      When I use Kaiser Nail ST2-15
      Then I am to choose the targets of Kaiser Nail ST2-15
      And my legal actions number 2
      When I choose Ikkakumon ST2-05 under my Zudomon ST2-09
      Then my battle area has an unsuspended Zudomon ST2-09 over Gomamon ST2-02 over Tsunomon ST2-01
      And my battle area has an unsuspended Ikkakumon ST2-05
      And it is my opponent's turn

    @DCG-6-5-1-3
    Scenario: While I am to choose Kaiser Nail's targets I cannot pass
      # Kaiser Nail ST2-15's [Main] effect waits for my choice between Ikkakumon ST2-05 and
      # Gomamon ST2-02; CR4.2 Triggered effects: the choice is made before anything else, so a
      # pass (DCG-6-5-1-7) is refused and the choice is still due.
      Given it is my turn in the Main phase with memory 5
      And my battle area has an unsuspended Zudomon ST2-09 over Ikkakumon ST2-05 over Gomamon ST2-02
      And my hand holds Kaiser Nail ST2-15
      When I use Kaiser Nail ST2-15
      Then I am to choose the targets of Kaiser Nail ST2-15
      When I try to pass
      Then the action is refused for CR4.2 Triggered effects
      And I am to choose the targets of Kaiser Nail ST2-15
      And memory is 1 on my side

    @DCG-6-5-1-3
    Scenario: A Digimon Kaiser Nail plays from under my Digimon triggers its [On Play] effect
      # Kaiser Nail ST2-15 (cost 4): [Main] Choose a Digimon digivolution card placed under 1 of
      # your Digimon and play it as another Digimon without paying its memory cost. Herald
      # Testmon X-05 (test only; no real card of the card set has an [On Play] effect): [On
      # Play] Gain 1 memory. It is played, so its [On Play] effect triggers (CR4.2). From 3 the
      # Option's cost leaves 1 on my opponent's side; the played Digimon costs nothing and its
      # effect gains 1: memory 0, and the turn does not end.
      Given it is my turn in the Main phase with memory 3
      And my battle area has an unsuspended Zudomon ST2-09 over Herald Testmon X-05 over Gomamon ST2-02
      And my hand holds Kaiser Nail ST2-15
      When I use Kaiser Nail ST2-15
      Then I am to choose the targets of Kaiser Nail ST2-15
      When I choose Herald Testmon X-05 under my Zudomon ST2-09
      Then my battle area has an unsuspended Zudomon ST2-09 over Gomamon ST2-02
      And my battle area has an unsuspended Herald Testmon X-05
      And memory is 0
      And the turn does not end

    @DCG-6-5-1-3
    Scenario: Cocytus Breath returns my opponent's Digimon to the hand and trashes what was under it
      # Cocytus Breath ST2-16 (cost 7): [Main] Return 1 of your opponent's Digimon to its
      # owner's hand. (Trash all of the digivolution cards of that Digimon.)
      Given it is my turn in the Main phase with memory 3
      And my battle area has Matt Ishida ST2-12
      And my opponent's battle area has an unsuspended Birdramon ST1-05 over Biyomon ST1-02
      And my hand holds Cocytus Breath ST2-16
      When I use Cocytus Breath ST2-16
      Then my opponent's battle area is empty
      And my opponent's hand includes Birdramon ST1-05
      And my opponent's trash includes Biyomon ST1-02
      And it is my opponent's turn
