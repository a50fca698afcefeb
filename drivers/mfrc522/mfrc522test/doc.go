// Package mfrc522test is a register-level MFRC522 simulator with ISO/IEC
// 14443-3 type A tags in its field, for testing MFRC522 drivers.
package mfrc522test
