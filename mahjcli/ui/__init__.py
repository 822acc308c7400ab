"""The terminal: the only place Rich is used. Every name and text reaches Rich as `Text`,
never as markup, with emoji codes off."""
