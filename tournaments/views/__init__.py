"""League-night pages: events, seating, scoresheets, printable cards, bot tables."""
