package gpioline

// HeaderChipOf finds the header's chip among chips, reading labels with
// label: the machine-free half of HeaderChip.
var HeaderChipOf = headerChip
