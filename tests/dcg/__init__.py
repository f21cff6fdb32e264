"""Tests of the ``dcg`` ruleset (Digimon Card Game chapter 6)."""
