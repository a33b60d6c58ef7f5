"""Several models in one image: manifests, admission with the degrade ladder, the PMP layout, and
the application pipeline."""
