"""Channel event builders."""
