"""digiconform's reference oracle for Digimon card games.

Rulesets: :mod:`oracle.digibattle` (Digi-Battle Arena rules). Shared pieces: card model
(:mod:`oracle.cards`), errors (:mod:`oracle.errors`), ambiguity registry
(:mod:`oracle.variants`), schema validation (:mod:`oracle.validation`).
"""

__version__ = "0.1.0"
