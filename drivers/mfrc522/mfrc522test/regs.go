package mfrc522test

// Register addresses, MFRC522 datasheet rev 3.9 §9.2 Table 20.
const (
	regCommand      = 0x01
	regComIEn       = 0x02
	regDivIEn       = 0x03
	regComIrq       = 0x04
	regDivIrq       = 0x05
	regError        = 0x06
	regStatus1      = 0x07
	regStatus2      = 0x08
	regFIFOData     = 0x09
	regFIFOLevel    = 0x0A
	regWaterLevel   = 0x0B
	regControl      = 0x0C
	regBitFraming   = 0x0D
	regColl         = 0x0E
	regMode         = 0x11
	regTxMode       = 0x12
	regRxMode       = 0x13
	regTxControl    = 0x14
	regTxASK        = 0x15
	regTxSel        = 0x16
	regRxSel        = 0x17
	regRxThreshold  = 0x18
	regDemod        = 0x19
	regMfTx         = 0x1C
	regMfRx         = 0x1D
	regSerialSpeed  = 0x1F
	regCRCResultMSB = 0x21
	regCRCResultLSB = 0x22
	regModWidth     = 0x24
	regRFCfg        = 0x26
	regGsN          = 0x27
	regCWGsP        = 0x28
	regModGsP       = 0x29
	regTMode        = 0x2A
	regTPrescaler   = 0x2B
	regTReloadH     = 0x2C
	regTReloadL     = 0x2D
	regTCounterValH = 0x2E
	regTCounterValL = 0x2F
	regTestPinEn    = 0x33
	regAutoTest     = 0x36
	regVersion      = 0x37
)

// Commands, datasheet §10.3 Table 149.
const (
	cmdIdle        = 0x0
	cmdMem         = 0x1
	cmdRandomID    = 0x2
	cmdCalcCRC     = 0x3
	cmdTransmit    = 0x4
	cmdNoCmdChange = 0x7
	cmdReceive     = 0x8
	cmdTransceive  = 0xC
	cmdMFAuthent   = 0xE
	cmdSoftReset   = 0xF
)

// CommandReg bits (Table 23).
const (
	bitRcvOff    = 0x20
	bitPowerDown = 0x10
)

// ComIrqReg bits (Table 29); ComIEnReg uses the same positions (Table 25)
// with IRqInv in bit 7.
const (
	irqSet1    = 0x80
	irqTx      = 0x40
	irqRx      = 0x20
	irqIdle    = 0x10
	irqHiAlert = 0x08
	irqLoAlert = 0x04
	irqErr     = 0x02
	irqTimer   = 0x01
	bitIRqInv  = 0x80
)

// DivIrqReg bits (Table 31); DivIEnReg (Table 27) has IRQPushPull in bit 7.
const (
	divSet2        = 0x80
	divMfinAct     = 0x10
	divCRC         = 0x04
	bitIRQPushPull = 0x80
)

// ErrorReg bits (Table 33).
const (
	errWr       = 0x80
	errTemp     = 0x40
	errOvfl     = 0x10
	errColl     = 0x08
	errCRC      = 0x04
	errParity   = 0x02
	errProtocol = 0x01
	// errRx are cleared when the receiver starts (Table 33).
	errRx = errColl | errCRC | errParity | errProtocol
)

// Status1Reg bits (Table 35).
const (
	st1CRCOk    = 0x40
	st1CRCReady = 0x20
	st1IRq      = 0x10
	st1TRunning = 0x08
	st1HiAlert  = 0x02
	st1LoAlert  = 0x01
)

// Status2Reg ModemState values (Table 37).
const (
	modemIdle      = 0
	modemStartSend = 1
	modemTxWait    = 2
	modemTransmit  = 3
	modemWaitData  = 5
	modemReceiving = 6
	// Writable Status2Reg bits: TempSensClear, I2CForceHS, MFCrypto1On.
	st2TempSensClear = 0x80
	st2Writable      = 0xC8
	st2MFCrypto1On   = 0x08
)

const (
	fifoSize = 64 // §8.3.1
	memSize  = 25 // Mem command internal buffer, §10.3.1.2

	bitStartSend      = 0x80 // BitFramingReg, Table 47
	bitFlushBuffer    = 0x80 // FIFOLevelReg, Table 41
	bitTStopNow       = 0x80 // ControlReg, Table 45
	bitTStartNow      = 0x40
	bitValuesAfterCol = 0x80 // CollReg, Table 49
	bitCollPosInvalid = 0x20
	bitTxCRCEn        = 0x80 // TxModeReg Table 57, RxModeReg Table 59
	bitRxNoErr        = 0x08 // RxModeReg
	bitRxMultiple     = 0x04
	maskSpeed         = 0x70
	bitTxWaitRF       = 0x20 // ModeReg, Table 55
	bitTAuto          = 0x80 // TModeReg, Table 105
	bitTAutoRestart   = 0x10
	bitTPrescalEven   = 0x10 // DemodReg, Table 71 (v2.0 only)
)

// resetValues are the register values after power-on, hard or soft reset
// (datasheet §9.3, the "reset value" row of each register's table). The
// 'xx' (undefined) values read 0x00 here. VersionReg is filled in from Opts.
var resetValues = [64]byte{
	regCommand:     0x20, // Table 23: RcvOff set, Idle
	regComIEn:      0x80, // Table 25: IRqInv set
	regComIrq:      0x14, // Table 29: IdleIRq, LoAlertIRq
	regStatus1:     0x21, // Table 35: CRCReady, LoAlert
	regWaterLevel:  0x08, // Table 43
	regControl:     0x10, // Table 45
	regColl:        0xA0, // Table 49: ValuesAfterColl, CollPosNotValid
	regMode:        0x3F, // Table 55: TxWaitRF, PolMFin, CRCPreset 0xFFFF
	regTxControl:   0x80, // Table 61: antenna drivers off
	regTxSel:       0x10, // Table 65
	regRxSel:       0x84, // Table 67
	regRxThreshold: 0x84, // Table 69
	regDemod:       0x4D, // Table 71
	regMfTx:        0x62, // Table 77
	regSerialSpeed: 0xEB, // Table 83: 9.6 kBd
	// CRCResultReg reads 0xFFFF (Tables 87, 89): kept in Sim.crc.
	regModWidth:  0x26, // Table 93
	regRFCfg:     0x48, // Table 97
	regGsN:       0x88, // Table 99
	regCWGsP:     0x20, // Table 101
	regModGsP:    0x20, // Table 103
	regTestPinEn: 0x80, // Table 123
	regAutoTest:  0x40, // Table 129
}
