// The calls of this area, one file each (see ../banks for the shape).
export {};
