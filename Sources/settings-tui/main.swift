// Placeholder entry point until the application issue lands.
print("settings-tui: the terminal front end is not built yet.")
