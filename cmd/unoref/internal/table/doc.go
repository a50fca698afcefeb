// Package table is the referee at the table: it turns reader events and
// button presses into table-log events for the engine, journals every
// accepted event before its effect is shown, and drives the OLED, LEDs and
// buzzer. On the virtual table the same code runs on the simulators.
package table
