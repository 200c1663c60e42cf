"""The parts of a PDF document, read and changed in place: pages arranged and imposed, outline, forms, fonts,
encryption, metadata, text by page, image inputs, optimisation. Used by the ops; knows no front end."""
