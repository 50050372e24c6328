// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Byte offsets of the parameter record (ctx) of the float element-wise region kernel (assembly/model/region.ts), its
// slot and instruction layouts and its opcodes. The host writes them through REGION_CTX
// (src/model/backends/wasm-float/ctx.generated.ts, generated from the same declaration).
//
// A region is a small program over registers of RG_BLOCK float32 lanes (the calling thread's slice of the scratch):
// the prologue runs once per task (scalar broadcasts), the body once per block of up to RG_BLOCK consecutive elements
// of the output (a block never crosses a channel run in the run modes). Tensors are reached through slots (RG_SLOT_BYTES
// each): the data pointer (the host writes the run's pointers before each run), the byte xor of an 8-bit tensor, and
// pointers to its float32 scale and its zero point byte (DequantizeLinear / QuantizeLinear; constants or values
// computed at run time alike).

// ---- region record ----
/** i32: elements of the output */
export const RG_N: i32 = 0;
/** i32: elements per task, a multiple of RG_BLOCK */
export const RG_GRAIN: i32 = 4;
/** i32: how channel broadcasts are read: RG_MODE_FLAT / RUNS / RUNS44 / GATHER */
export const RG_MODE: i32 = 8;
/** i32: elements after the channel axis (NCHW44: H * W) */
export const RG_INNER: i32 = 12;
/** i32: channels (the size of the channel axis) */
export const RG_C: i32 = 16;
/** i32: byte offset of the prologue instructions */
export const RG_PRO: i32 = 20;
/** i32: prologue instructions */
export const RG_NPRO: i32 = 24;
/** i32: byte offset of the body instructions */
export const RG_BODY: i32 = 28;
/** i32: body instructions */
export const RG_NBODY: i32 = 32;
/** i32: byte offset of the slots */
export const RG_SLOTS: i32 = 36;
/** no channel broadcast: blocks of RG_BLOCK elements */
export const RG_MODE_FLAT: i32 = 0;
/** row-major, channel c = (i / INNER) % C; blocks stay inside one run of INNER elements */
export const RG_MODE_RUNS: i32 = 1;
/** NCHW44, channel block (i / (4 INNER)) % (C / 4) and lane i % 4; blocks stay inside one run of 4 INNER */
export const RG_MODE_RUNS44: i32 = 2;
/** row-major with short runs: the channel of every element is looked up */
export const RG_MODE_GATHER: i32 = 3;
/** elements per block (float32 lanes of a register) */
export const RG_BLOCK: i32 = 256;
/** bytes of a register (RG_BLOCK float32) */
export const RG_REG_BYTES: i32 = 1024;
/** bytes of a slot: SL_PTR, SL_XOR, SL_SCALE, SL_ZP */
export const RG_SLOT_BYTES: i32 = 16;
/** slot field (byte offset): the tensor's data */
export const SL_PTR: i32 = 0;
/** slot field: 0x80 for int8 bytes, 0 for uint8 (the unsigned domain, as ELEM_CTX) */
export const SL_XOR: i32 = 4;
/** slot field: pointer to the float32 scale (8-bit slots) */
export const SL_SCALE: i32 = 8;
/** slot field: pointer to the zero point byte (8-bit slots) */
export const SL_ZP: i32 = 12;
/** bytes of an instruction: IN_OP, IN_DST, IN_A, IN_B, IN_F0, IN_F1, IN_UB */
export const RG_INSTR_BYTES: i32 = 32;
/** instruction field (byte offset): the opcode */
export const IN_OP: i32 = 0;
/** instruction field: the destination register (a slot for the stores) */
export const IN_DST: i32 = 4;
/** instruction field: operand a (a register; a slot for the loads) */
export const IN_A: i32 = 8;
/** instruction field: operand b (a register) */
export const IN_B: i32 = 12;
/** instruction field: float32 immediate 0 */
export const IN_F0: i32 = 16;
/** instruction field: float32 immediate 1 */
export const IN_F1: i32 = 20;
/** instruction field of ADD .. PMIN: 1 where b is the same vector in every vector of the block (a scalar broadcast), 2
 * where it is in the channel-run modes (a channel's value), else 0 */
export const IN_UB: i32 = 24;
/** dst = float32 input (slot a) */
export const OP_LD_F32: i32 = 0;
/** dst = float(int32 input) */
export const OP_LD_I32: i32 = 1;
/** dst = float(8-bit input): Cast */
export const OP_LD_B8: i32 = 2;
/** dst = f(float(x - zp) * scale): DequantizeLinear */
export const OP_LD_DQ: i32 = 3;
/** dst = the float32 at slot a, in every lane (prologue) */
export const OP_BC_SCALAR: i32 = 4;
/** dst = each element's channel value of the float32 [C] at slot a */
export const OP_BC_CHANNEL: i32 = 5;
/** slot dst = register a (float32) */
export const OP_ST_F32: i32 = 6;
/** slot dst = QuantizeLinear(register a) with the slot scale and zero point */
export const OP_ST_Q: i32 = 7;
/** dst = f(a + b) */
export const OP_ADD: i32 = 10;
/** dst = f(a - b) */
export const OP_SUB: i32 = 11;
/** dst = f(a * b) */
export const OP_MUL: i32 = 12;
/** dst = f(a / b) */
export const OP_DIV: i32 = 13;
/** dst = a < b ? b : a (C++ std::max(a, b) with a first: NaN in a passes) */
export const OP_PMAX: i32 = 14;
/** dst = b < a ? b : a (C++ std::min(a, b)) */
export const OP_PMIN: i32 = 15;
/** dst = b is NaN ? b : a < b ? b : a (Max: a NaN of either passes, a tie gives a) */
export const OP_MAXN: i32 = 16;
/** dst = b is NaN ? b : b < a ? b : a (Min: a NaN of either passes, a tie gives a) */
export const OP_MINN: i32 = 17;
/** dst = a < 0 ? f(a * b) : a */
export const OP_PRELU: i32 = 18;
/** dst = a < 0 ? 0 : a */
export const OP_RELU: i32 = 20;
/** dst = a >= 0 ? a : f(F0 * a) */
export const OP_LEAKY: i32 = 21;
/** dst = max(min(f(f(F0 * a) + F1), 1), 0) */
export const OP_HSIG: i32 = 22;
/** dst = f(a * HardSigmoid(a)) with F0, F1 */
export const OP_HSWISH: i32 = 23;
/** dst = MLAS's logistic(a) */
export const OP_SIGMOID: i32 = 24;
/** dst = MLAS's tanh(a) */
export const OP_TANH: i32 = 25;
/** dst = MLAS's exp(a) */
export const OP_EXP: i32 = 26;
/** dst = -a */
export const OP_NEG: i32 = 27;
/** dst = |a| */
export const OP_ABS: i32 = 28;
/** dst = sqrt(a), correctly rounded */
export const OP_SQRT: i32 = 29;
/** dst = floor(a) */
export const OP_FLOOR: i32 = 30;
/** dst = ceil(a) */
export const OP_CEIL: i32 = 31;
/** dst = a rounded to the nearest integer, halves to even */
export const OP_ROUND: i32 = 32;
/** dst = a > 0 ? 1 : a < 0 ? -1 : a is NaN ? a : 0 */
export const OP_SIGN: i32 = 33;
/** dst = logf(a): musl's table method in double, as src/model/numerics/logf.ts */
export const OP_LOG: i32 = 34;
/** dst = a >= 0 ? a : f(F0 * f(expf(a) - 1)), musl's expf (Elu, alpha F0) */
export const OP_ELU: i32 = 35;
/** dst = a > 0 ? f(F0 * a) : f(F1 * f(expf(a) - 1)) (Selu: F0 gamma, F1 f(gamma * alpha)) */
export const OP_SELU: i32 = 36;
/** dst = f(max(a, 0) + min(f(F0 * f(expf(f(a / F0)) - 1)), 0)), C++'s std::max / min (Celu, alpha F0) */
export const OP_CELU: i32 = 37;
/** dst = a > 0 ? f(a + log1pf(expf(-a))) : log1pf(expf(a)), musl's expf and log1pf */
export const OP_SOFTPLUS: i32 = 38;
/** dst = a > F0 ? a : 0 (ThresholdedRelu) */
export const OP_THRELU: i32 = 39;
/** dst = MLAS's erf(a) */
export const OP_ERF: i32 = 40;
/** bytes the host allocates for the record */
export const RG_CTX_BYTES: i32 = 64;
