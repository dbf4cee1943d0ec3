import leftPad from "left-pad";
console.log(leftPad("x", 3));
