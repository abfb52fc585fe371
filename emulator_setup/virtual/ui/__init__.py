"""Screens as node trees: the node model, the uiautomator2 hierarchy XML, selectors, hit-testing
and a Pillow renderer for screenshots."""
