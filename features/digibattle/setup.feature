Feature: A. Set-up
  Each player has a 30-card deck, selects a Rookie from it and places it face down on the Duel
  Zone, shuffles the other 29 cards, deals 10 to the hand and places the remaining 19 face down
  Online. Then both Rookies are turned face up, and each player reads their Digimon Power off
  their own card against the opponent's Battle Type.

  "I" am player 0 (I choose my Rookie first) and "my opponent" is player 1. A shuffle is a
  chance outcome supplied from outside the game: "my cards are shuffled" supplies the order in
  which the game listed them.

  Rule: DB-A.0 Each player needs a 30-card deck

    @DB-A.0 @DB-A.5
    Scenario: The two Starter decks start a game
      Given a new game with the Starter decks
      When the game is set up
      Then the phase is Set-up
      And it is my turn
      And my deck holds 30 cards
      And my opponent's deck holds 30 cards

    @DB-A.0
    Scenario Outline: A deck of <size> cards is refused
      Given a new game
      And my deck has <size> cards
      When the game is set up
      Then the set-up is refused for DB-A.0

      Examples:
        | size |
        | 29   |
        | 31   |

    @DB-A.0
    Scenario Outline: A position holding a card of no card set is refused
      # DB-A.0: the cards played are those of the game's card set (the bundled one here); a
      # position that names another card cannot be taken (invalid, with the card's path).
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And the bottom card of <whose> Online deck is XX-99, a card of no card set
      And the position is loaded directly: malformed state - a card outside the game's card set; no deal or draw brings one into play
      When the game is set up
      Then the set-up is refused as invalid input

      Examples:
        | whose           |
        | my              |
        | my opponent's   |

    @DB-A.0
    Scenario Outline: A position whose cards are not the 30 of the player's deck is refused
      # DB-A.0: each player plays a 30-card deck. No rule takes a card out of the game or
      # gives it to the other player: cards are dealt and drawn (DB-A.2, DB-D.2), played,
      # sent Offline and recycled Online (DB-D.3), always between their owner's zones. So every
      # position holds exactly the 30 cards of each deck; a position where Agumon ST-01 is
      # held twice and the card it replaces not at all is no position of the game (invalid).
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And the bottom card of <whose> Online deck is a second <card>, in place of a card of <their> deck
      And the position is loaded directly: malformed state - a player's zones hold other cards than the 30 of their deck; cards never leave their owner's zones
      When the game is set up
      Then the set-up is refused as invalid input

      Examples:
        | whose         | card          | their |
        | my            | Agumon ST-01  | my    |
        | my opponent's | Gabumon ST-05 | their |

    @DB-A.2 @DB-D.1
    Scenario: A position in which I hold 11 cards is refused
      # DB-A.2 deals each player a 10-card hand, and DB-D.1 restores it to 10 ("the only time a
      # hand is restored"); no other rule adds a card to a hand, so no hand holds more than 10
      # (invalid).
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds 11 cards
      And the position is loaded directly: malformed state - a hand of more than 10 cards; a hand is dealt 10 and only ever restored to 10
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-A.2
    Scenario: A position after the set-up with cards not yet dealt is refused
      # DB-A.2: after the shuffle each player deals themself 10 cards and puts "the remaining
      # 19" Online: the deal takes every card of the deck, and the set-up ends with the second
      # deal. A Battle-phase position whose deck still holds cards is no position of the game
      # (invalid).
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my deck holds Palmon ST-09
      And the position is loaded directly: malformed state - cards not yet dealt after the set-up; the deal takes every card of the deck
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-A.0 @DB-A.2 @DB-D.4
    Scenario: A position whose 30 cards include a full hand and a new Rookie set up face down is taken
      # DB-A.0 with DB-D.4: a new Rookie put face down on top of the old one is one of the
      # player's 30 cards, so a position holding 29 cards in the zones and that one is a
      # position of the game; a hand of 10 cards, as dealt (DB-A.2), is one too. On my turn in
      # the Digivolve phase the new Rookie is turned over and the old one goes Offline, even
      # when I pass.
      Given the position is loaded directly: loading itself - the new Rookie set up face down counts among the player's 30 cards, beside a full hand
      And it is the Digivolve phase and I go first
      And my Duel Zone shows Agumon ST-01
      And I have set up a Rookie change to Palmon ST-09
      And my hand holds 10 cards
      # Tentomon (Red, 100 against Red) loses the earlier Duel, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Tentomon ST-07
      When I pass
      Then my Duel Zone shows Palmon ST-09
      And my Offline pile includes Agumon ST-01

    @DB-A.0 @DB-D.3
    Scenario: A position whose due shuffle names a card of no card set is refused
      Given it is my turn to regroup
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      And a shuffle of my Offline pile is due, naming XX-99, a card of no card set
      And the position is loaded directly: malformed state - a card outside the game's card set; no deal or draw brings one into play
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-A.0 @DB-D.4
    Scenario: A position whose Rookie change names a card of no card set is refused
      Given it is my turn to regroup
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my Rookie change is set up to XX-99, a card of no card set
      And the position is loaded directly: malformed state - a card outside the game's card set; no deal or draw brings one into play
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-A.0 @DB-C.1
    Scenario: A position whose Power Options played this Duel name a card of no card set is refused
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my Power Options played this Duel include XX-99, a card of no card set
      And the position is loaded directly: malformed state - a card outside the game's card set; no deal or draw brings one into play
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-A.0 @DB-D.3
    Scenario: A position whose next recycle names a card of no card set is refused
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my Online deck has reached zero and the shuffle of my Offline pile is due
      And my opponent's next recycle is due after that shuffle, naming XX-99, a card of no card set
      And the position is loaded directly: malformed state - a card outside the game's card set; no deal or draw brings one into play
      When the game is set up
      Then the set-up is refused as invalid input

    @DB-A.0 @DB-C.9
    Scenario: Two 30-card decks and an agreed target of 1 point are taken
      # DB-A.0 asks each player for a 30-card deck, and DB-C.9 lets the players agree before
      # starting on a target lower than 1000 points, the lowest being 1: the game starts.
      Given a new game with the Starter decks
      And the target score is 1
      When the game is set up
      Then the phase is Set-up
      And it is my turn

  Rule: DB-A.1 Each player puts a Rookie from their deck face down on the Duel Zone

    @DB-A.1
    Scenario: I choose Agumon as my Rookie
      Given a new game with the Starter decks
      When I choose Agumon ST-01 as my Rookie
      Then my Duel Zone shows Agumon ST-01
      And my deck holds 29 cards
      And it is my opponent's turn

    @DB-A.1
    Scenario: A Champion cannot be the starting Rookie
      Given a new game with the Starter decks
      When I try to choose Greymon ST-02 as my Rookie
      Then the action is refused for DB-A.1

    @DB-A.1
    Scenario: The Rookie must come from my own deck
      Given a new game with the Starter decks
      When I try to choose Gabumon ST-05 as my Rookie
      Then the action is refused for DB-A.1

    @DB-A.1
    Scenario: A deck without a Rookie is refused
      Given a new game
      And my deck holds no Rookie
      When the game is set up
      Then the set-up is refused for DB-A.1

  Rule: DB-A.2 Shuffle the other 29 cards, deal 10 to the hand, 19 go face down Online

    @DB-A.2
    Scenario: After the shuffle the top 10 cards are my hand and the other 19 are Online
      Given a new game with the Starter decks
      When I choose Agumon ST-01 as my Rookie
      And my opponent chooses Gabumon ST-05 as their Rookie
      Then a shuffle of my 29 cards is due
      When my cards are shuffled
      Then my hand holds the first 10 cards of the shuffle and my Online deck the other 19
      And a shuffle of my opponent's 29 cards is due

    @DB-A.2
    Scenario: The chosen Rookie is not shuffled into the deck
      Given a new game with the Starter decks
      When I choose Palmon ST-09 as my Rookie
      And my opponent chooses Tentomon ST-07 as their Rookie
      Then a shuffle of my 29 cards is due, without Palmon ST-09

    @DB-A.2
    Scenario: A shuffle that leaves out one of the 29 cards is refused
      Given a new game with the Starter decks
      When I choose Agumon ST-01 as my Rookie
      And my opponent chooses Gabumon ST-05 as their Rookie
      And my cards are shuffled without Metal Attack ST-53
      Then the action is refused for DB-A.2

    @DB-A.2
    Scenario: The set-up shuffle is not answered with a coin toss that carries the shuffle's order
      # The shuffle of the 29 cards (DB-A.2) is a chance outcome of its own kind: a coin toss,
      # even one carrying the order a shuffle of those cards would give, is not one, and no
      # hand is dealt by it.
      Given a new game with the Starter decks
      When I choose Agumon ST-01 as my Rookie
      And my opponent chooses Gabumon ST-05 as their Rookie
      And my shuffle is answered by a coin toss naming me the winner that carries the shuffle's order
      Then the action is refused for DB-A.2
      And a shuffle of my 29 cards is due

  Rule: DB-A.3 Both Rookies are turned face up

    @DB-A.3 @DB-A.4
    Scenario: Once both hands are dealt the Rookies face each other
      Given a new game with the Starter decks
      When I choose Agumon ST-01 as my Rookie
      And my opponent chooses Gabumon ST-05 as their Rookie
      And my cards are shuffled
      And my opponent's cards are shuffled
      Then the phase is Digivolve
      # Agumon against Green: 230. Gabumon against Red: 350.
      And my Digimon Power is 230 against my opponent's 350
      And my hand holds 10 cards
      And my opponent's Online deck holds 19 cards

    @DB-A.3 @DB-A.2
    Scenario: The Rookies stay face down until both players have dealt their hands
      Given a new game with the Starter decks
      When I choose Agumon ST-01 as my Rookie
      And my opponent chooses Gabumon ST-05 as their Rookie
      And my cards are shuffled
      Then the phase is Set-up
      And a shuffle of my opponent's 29 cards is due
      And my opponent's hand holds 0 cards

  Rule: DB-A.4 Digimon Power: my card's power chart against the opponent's Battle Type

    @DB-A.4
    Scenario Outline: <mine> against <theirs>
      Given it is the Battle phase and I go first
      And my Duel Zone shows <mine>
      And my opponent's Duel Zone shows <theirs>
      Then my Digimon Power is <my power> against my opponent's <their power>

      Examples:
        | mine                            | theirs                             | my power | their power |
        | Agumon ST-01                    | Gabumon ST-05                      | 230      | 350         |
        | Agumon ST-01                    | Tentomon ST-07                     | 140      | 100         |
        | Agumon ST-01                    | Kunemon ST-18                      | 380      | 160         |
        | Greymon ST-02 over Agumon ST-01 | Garurumon ST-06 over Gabumon ST-05 | 340      | 410         |

    @DB-A.4 @DB-C.4
    Scenario: A power chart that gives 0 gives a Digimon Power of 0
      # DB-A.4: "a power chart giving its Digimon Power against an opponent of each Battle
      # Type". The card format lets a chart give 0; no bundled card does, so EX-08 and EX-09
      # are made up: EX-08's chart gives 0 against Red, EX-09's gives 1 against Yellow. Coral
      # Rip BO-44 adds 50 only against a Digimon with Swim, which EX-09 has not: played, it
      # leaves my power at 0. "The higher Digimon Power has the advantage": 1 against 0 wins.
      Given a card that is not in the bundled card set:
        | serial                 | EX-08                                                          |
        | name                   | Nullmon                                                        |
        | kind                   | digimon                                                        |
        | level                  | Rookie                                                         |
        | battle_type            | Yellow                                                         |
        | power                  | {"Red": 0, "Green": 0, "Yellow": 0}                            |
        | score                  | {"Rookie": 100, "Champion": 200, "Ultimate": 300, "Mega": 400} |
        | digivolve_requirements | []                                                             |
        | effects                | []                                                             |
      And a card that is not in the bundled card set:
        | serial                 | EX-09                                                          |
        | name                   | Unimomon                                                       |
        | kind                   | digimon                                                        |
        | level                  | Rookie                                                         |
        | battle_type            | Red                                                            |
        | power                  | {"Red": 1, "Green": 1, "Yellow": 1}                            |
        | score                  | {"Rookie": 100, "Champion": 200, "Ultimate": 300, "Mega": 400} |
        | digivolve_requirements | []                                                             |
        | effects                | []                                                             |
      And it is the Battle phase and I go first
      And my Duel Zone shows Nullmon EX-08
      And my opponent's Duel Zone shows Unimomon EX-09
      And my hand holds Coral Rip BO-44 and 9 other cards
      Then my Digimon Power is 0 against my opponent's 1
      When I play Coral Rip BO-44
      And my opponent passes
      Then my Digimon Power is 0 against my opponent's 1
      When I pass
      Then my opponent wins the Duel
      And my opponent scores 100 points

    @DB-A.4 @DB-C.4
    Scenario: The higher Digimon Power has the advantage
      Given it is the Battle phase and I go first
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      When I pass
      And my opponent passes
      Then my opponent wins the Duel
      # Gabumon's SCORE gives 100 for a Rookie.
      And my opponent scores 100 points

  Rule: DB-A.5 A custom deck is any 30 cards with no duplicates

    @DB-A.5
    Scenario: A custom deck of 30 different cards is accepted
      Given a new game
      And my deck holds Tentomon ST-07, Kabuterimon ST-08, MegaKabuterimon ST-28 and HerculesKabuterimon ST-33
      And my opponent's deck holds Gomamon ST-11, Ikkakumon ST-12 and Zudomon ST-38
      When the game is set up
      Then the phase is Set-up
      And my deck holds 30 cards

    @DB-A.5
    Scenario: A deck with the same card twice is refused
      Given a new game
      And my deck holds Agumon ST-01 twice
      When the game is set up
      Then the set-up is refused for DB-A.5
