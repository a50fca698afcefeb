package hardware

// Ohms formats a resistance as the parts list does, for the tests.
var Ohms = ohms
