"""OpenGotha's McMahon and Swiss (the European standard), reimplemented from its rules."""
