"""The accounts' shipped data: Unicode's confusable characters (``confusables.json``) and the
passwords most often chosen."""
