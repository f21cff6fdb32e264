"""``python -m digiconform``: the command line (:func:`digiconform.cli.main`)."""

from digiconform.cli import main

main()
