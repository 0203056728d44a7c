// Keeps every area library non-empty while it is being built up.
