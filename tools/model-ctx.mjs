// THE declaration of the parameter records (ctx) of the model executor's wasm kernels, as tools/conv-variants.mjs's
// CTX_FIELDS is the convolution's. tools/gen-model-ctx.mjs turns each group into an AssemblyScript file of constants
// (the kernels read them) and an object of the host (it writes the records through it), with the same names and
// numbers; test/codegen.test.ts checks that regenerating gives no diff.
//
// A group: `as` the AssemblyScript file, `ts` the host's file (several groups may share one) and `host` the name of
// its object; `unit` 'byte' (a field's constant is its byte offset) or 'index' (its index: byte offset / 4, the
// kernels read load<i32>(ctx + (i << 2))); `doc` the file's comment. `header`: fields every record of the group
// starts with; `records`: laid out after the header, each from the same offset (a kernel reads one of them), each
// with a `doc` (a section comment), `fields`, optional `consts` (named values of a field) and `bytes` (a size
// constant). The group's own `bytes` is the size the host allocates for any of its records.
//
// A field: [name, type, doc] (type 'i32' or 'f32'; pointers are i32 byte offsets of wasm memory), or [name, type,
// doc, words] for an array of `words` 4-byte words. A string among the fields is a comment line of the
// AssemblyScript file. A size: [name, bytes, doc], bytes at least the record's fields (null: exactly them).
// A const: [name, value, doc].

/** The records of the element-wise kernels (assembly/model/elementwise.ts, lut.ts, requant.ts). */
const ELEM = {
  host: 'ELEM_CTX',
  as: 'assembly/model/elem-ctx.ts',
  ts: 'src/model/backends/wasm-int8/ctx.generated.ts',
  unit: 'byte',
  doc: `Byte offsets of the parameter records (ctx) of the model's element-wise kernels: assembly/model/elementwise.ts
(QuantizeLinear, DequantizeLinear, QLinearAdd / QLinearMul), lut.ts and requant.ts. The host writes them through
ELEM_CTX (src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).

Every record starts with the element count and the task grain: task t covers elements [t * grain, t * grain +
grain) of the output (clipped to the count; a task past the end does nothing). The grain is a multiple of 16.
Types travel as byte xors: an int8 byte ^ 0x80 is the uint8 value + 128, so the kernels compute on unsigned bytes
with zero points (and clamp bounds) moved by +128 and flip the output back (XOR 0x80 for int8, 0 for uint8).`,
  header: [
    ['EL_N', 'i32', 'elements of the output (all kernels)'],
    ['EL_GRAIN', 'i32', 'elements per task, a multiple of 16 (all kernels)'],
    ['EL_INXOR', 'i32', "the input bytes' xor (0 uint8, 0x80 int8)"],
    ['EL_OUTXOR', 'i32', "the output bytes' xor (0 uint8, 0x80 int8)"],
  ],
  records: [
    {
      doc: 'QuantizeLinear (f32 -> 8 bit): y = RNE(clamp(x / s, lo - zp, hi - zp)) + zp; NaN -> 0',
      fields: [
        ['QZ_SCALE', 'f32', 'the scale s (a true division)'],
        ['QZ_LO', 'f32', 'lo - zp (clamp of x / s, before rounding)'],
        ['QZ_HI', 'f32', 'hi - zp'],
        ['QZ_ZPU', 'i32', 'zp + 128 for an int8 output (the unsigned domain), zp for uint8'],
      ],
    },
    {
      doc: 'DequantizeLinear (8 bit -> f32): y = f32(float(x - zp) * s)',
      fields: [
        ['DQ_ZPU', 'i32', 'zp + 128 for an int8 input (compared with x ^ 0x80), zp for uint8'],
        ['DQ_SCALE', 'f32', 'the scale s'],
      ],
    },
    {
      doc: "QLinearAdd / QLinearMul. Operand A (p0) has the output's shape; B (p1) is broadcast by MODE.",
      fields: [
        ['QB_OP', 'i32', '0 add, 1 mul'],
        [
          'QB_MODE',
          'i32',
          '0 repeat (B index = i % MID; equal shapes: MID = N), 1 scalar (B[0]), 2 channel (B index = (i / INNER) % MID), 3 channel NCHW44 (B index = ((i >> 2) / INNER % (MID / 4)) * 4 + (i & 3))',
        ],
        ['QB_INNER', 'i32', 'elements of A per B value (channel modes: the plane H * W)'],
        ['QB_MID', 'i32', 'B values in one period (elements of B, or those of one image)'],
        ['QB_ASCALE', 'f32', 'scale of A'],
        ['QB_AZPU', 'i32', 'zero point of A in the unsigned domain'],
        ['QB_BSCALE', 'f32', 'scale of B'],
        ['QB_BZPU', 'i32', 'zero point of B in the unsigned domain'],
        ['QB_CSCALE', 'f32', 'scale of C (a true division)'],
        ['QB_LO', 'f32', 'lo - zpC'],
        ['QB_HI', 'f32', 'hi - zpC'],
        ['QB_ZPF', 'f32', 'zpC, added in float before rounding (as onnxruntime does: round(f32(c + zpC)))'],
        ['QB_OUTADD', 'i32', 'added to the rounded value: 128 for an int8 output (the unsigned domain), 0 for uint8'],
        [
          'QB_INT',
          'i32',
          '1: an add of mode 0 runs the integer form u = clamp((ua * MA + ub * MB + K) >> SHIFT, 0, 255) of the unsigned-domain bytes, found at load equal to the float formula on all 65536 byte pairs but the NEXC exceptions; 0: the float formula',
        ],
        ['QB_MA', 'i32', 'integer form: multiplier of ua'],
        ['QB_MB', 'i32', 'integer form: multiplier of ub'],
        ['QB_K', 'i32', 'integer form: the constant'],
        ['QB_SHIFT', 'i32', 'integer form: the right shift'],
        ['QB_NEXC', 'i32', 'integer form: exceptions (0..8), the byte pairs whose output the form misses'],
        [
          'QB_EXC',
          'i32',
          'integer form: the first of 8 exceptions, each raw a | raw b << 8 | raw output << 16 (the raw bytes, not the unsigned domain)',
        ],
      ],
    },
    {
      doc: 'Lut: y[i] = table[x[i]]',
      fields: [['LUT_TABLE', 'i32', 'the 256-byte table']],
    },
    {
      doc: 'ConcatRows: N rows of RUN bytes, x row r at r * RUN to y row r at r * TOTAL, through TABLE or copied (a concat input of short rows)',
      fields: [
        ['CR_TABLE', 'i32', 'the 256-byte table, 0: the bytes copied'],
        ['CR_RUN', 'i32', 'bytes per row'],
        ['CR_TOTAL', 'i32', "bytes between the output's rows"],
      ],
    },
    {
      doc: 'ChannelTable: y[i] = table[c(i)][x[i]], c(i) = (i / INNER) % C; entries of OUTBYTES bytes (1 or 4)',
      fields: [
        ['CT_TABLE', 'i32', 'C tables of 256 entries, one after the other'],
        ['CT_INNER', 'i32', 'elements per channel run (the plane H * W)'],
        ['CT_C', 'i32', 'channels C'],
        ['CT_OUTBYTES', 'i32', 'bytes per entry: 1 (an 8-bit output) or 4 (float32)'],
        [
          'CT_LAYOUT',
          'i32',
          '0 NCHW runs (c = (i / INNER) % C); 1 NCHW44 (c = ((i >> 2) / INNER % (C / 4)) * 4 + (i & 3), 1-byte entries)',
        ],
        'ChannelGate (the tables of a QLinearMul by a per-channel tensor g, and the QLinearAdd of its input, made per run',
        'by gateTableTask; then applied as a ChannelTable):',
        ['GT_MUL', 'i32', "the QLinearMul's record (A: x, B: g), laid out as a QLinearAdd / Mul record"],
        ['GT_ADD', 'i32', "the QLinearAdd's record (A: x, B: the product), or 0 where there is no add"],
        ['GT_IDENT', 'i32', '256 bytes 0, 1, .., 255 (every raw input byte)'],
        "ChannelTable whose input is float32, quantized per tensor first (the chain's leading QuantizeLinear; NCHW):",
        [
          'CT_QUANT',
          'i32',
          '1 when the input is float32 and quantized as QuantizeLinear does (the CT_Q* fields), 0 when it is bytes',
        ],
        ['CT_QSCALE', 'f32', "the quantization's scale (as QZ_SCALE)"],
        ['CT_QLO', 'f32', 'lo - zp (as QZ_LO)'],
        ['CT_QHI', 'f32', 'hi - zp (as QZ_HI)'],
        ['CT_QZPU', 'i32', 'zp + 128 for int8 (the unsigned domain), zp for uint8'],
        ['CT_QXOR', 'i32', "the quantized type's byte xor (0x80 for int8): the table is indexed by the raw byte"],
      ],
    },
    {
      doc: 'RequantizeInt32: v = K * acc0 (+ acc1) + bias[c]; y = RNE(clamp(f32(v) * scale[c], lo - zp, hi - zp)) + zp',
      fields: [
        [
          'RQ_MODE',
          'i32',
          '0 plain runs (c = (i / INNER) % C), 1 contiguous (c = i % C), 2 NCHW44 (c = ((i >> 2) / INNER % (C / 4)) * 4 + (i & 3))',
        ],
        ['RQ_INNER', 'i32', 'elements per channel run (the plane; 1 in mode 1)'],
        ['RQ_C', 'i32', 'channels C'],
        ['RQ_K', 'i32', '0 one accumulator tensor; 1 or 2: K, and a second accumulator tensor (p1) is added'],
        ['RQ_SCALES', 'i32', 'f32[C] scales'],
        ['RQ_BIAS', 'i32', 'i32[C] biases'],
        ['RQ_LO', 'f32', 'lo - zp'],
        ['RQ_HI', 'f32', 'hi - zp'],
        ['RQ_ZPU', 'i32', 'zp + 128 for an int8 output (the unsigned domain), zp for uint8'],
        'Window correction of weights shifted per channel (RQ_WIN = 1, with RQ_K = 0): v = acc0 + e[c] * S + bias[c],',
        "S the window sum (p1, int32) of the output element's group: in the runs modes the S run of channel (block)",
        "RQ_SMAP[c] of the element's image, an image holding RQ_SCH S channels (blocks); in mode 1 S[row * RQ_SCH]:",
        ['RQ_WIN', 'i32', '1: p1 is the window sums S and RQ_E / RQ_SMAP / RQ_SCH describe them; 0: no correction'],
        ['RQ_E', 'i32', 'i32[C] the per-channel shifts e'],
        ['RQ_SMAP', 'i32', 'i32[C] (mode 0) or i32[C / 4] (mode 2): the S channel / block of each channel / block'],
        ['RQ_SCH', 'i32', 'S channels (mode 0, 1, and 2 with RQ_SPLAT) or blocks (mode 2) per image (row in mode 1)'],
        [
          'RQ_SPLAT',
          'i32',
          "mode 2: 1 when S is planar (one plane per S channel, RQ_SMAP[c / 4] the block's): a pixel's S serves its 4 lanes",
        ],
        [
          'RQ_OUT32',
          'i32',
          '0: bytes; 1: v is stored as int32 (ConvInteger / MatMulInteger); 2: float32 f32(v) * scale + fbias (RQ_BIAS as float32); 3: the same, then relu',
        ],
        ['RQ_TABLE', 'i32', 'a 256-byte table applied to every output byte (indexed by the raw byte), or 0'],
      ],
    },
    {
      doc: "DynamicQuantizeLinear (f32 -> uint8 with the scale and zero point of the tensor's own range)",
      fields: [
        "dqlRangeTask writes each task's partial range to DY_PARTS; the host combines them, computes the scale and zero",
        'point and writes DY_SCALE .. DY_ZP; dqlQuantizeTask then quantizes: y = RNE(clamp(x / s, -zp, 255 - zp)) + zp,',
        '0 where x / s is NaN:',
        [
          'DY_PARTS',
          'i32',
          "[tasks][4] words: each task's min and max (f32, over the elements that are not NaN; +-FLT_MAX when none) and 1 when a NaN is among its elements in whole groups of 4, then a free word",
        ],
        ['DY_SCALE', 'f32', 'the scale s (a true division; any float: NaN, 0 and infinity included)'],
        ['DY_LO', 'f32', '0 - zp (clamp of x / s, before rounding)'],
        ['DY_HI', 'f32', '255 - zp'],
        ['DY_ZP', 'i32', 'the zero point zp'],
      ],
    },
  ],
  bytes: ['EL_CTX_BYTES', 128, 'Bytes of the largest record (the host allocates this much, 64-byte aligned).'],
};

/** The records of the float32 kernels of the host operators (assembly/model/host-float.ts). */
const HOST_FLOAT = {
  host: 'HOST_FLOAT_CTX',
  as: 'assembly/model/host-float-ctx.ts',
  ts: 'src/model/backends/wasm-float/ctx.generated.ts',
  unit: 'byte',
  doc: `Byte offsets of the parameter records (ctx) of the float32 kernels of assembly/model/host-float.ts (ConvTranspose,
Conv, channelAffine, Relu, Softmax, LayerNormalization, InstanceNormalization, row reductions). The host writes them through HOST_FLOAT_CTX (src/model/backends/wasm-float/ctx.generated.ts,
generated from the same declaration).`,
  records: [
    {
      doc: 'ConvTranspose record',
      fields: [
        ['CT_MODE', 'i32', 'CT_MODE_DIRECT or CT_MODE_ACCUMULATE'],
        ['CT_CG', 'i32', 'input channels per group'],
        ['CT_MG', 'i32', 'output channels per group'],
        ['CT_GROUP', 'i32', 'groups'],
        ['CT_KSIZE', 'i32', 'kernel positions (product of the kernel dims)'],
        ['CT_INSIZE', 'i32', 'spatial cells of one input plane'],
        ['CT_OSIZE', 'i32', 'spatial cells of one output plane'],
        ['CT_CHUNK', 'i32', 'input cells per task (CT_MODE_DIRECT), a multiple of 8'],
        ['CT_W', 'i32', 'byte offset of the packed weights, f32 [M][CG][KSIZE]'],
        ['CT_DEST', 'i32', 'byte offset of the destination table, i32 [KSIZE][INSIZE] (output cell, or -1)'],
        ['CT_BIAS', 'i32', 'byte offset of the bias, f32 [M], or 0 (none)'],
        [
          'CT_COL',
          'i32',
          "CT_MODE_ACCUMULATE: byte offset of the columns, f32 [N][M][KSIZE][INSIZE] (each task's own; the model's scratch), or 0: each kernel position's column computed and added in one pass",
        ],
      ],
      consts: [
        ['CT_MODE_DIRECT', 0, 'CT_MODE: every output cell is written once (tasks over chunks of input cells)'],
        [
          'CT_MODE_ACCUMULATE',
          1,
          'CT_MODE: the kernel positions accumulate onto a zeroed plane (tasks over output channels)',
        ],
      ],
      bytes: ['CT_CTX_BYTES', 64, 'bytes the host allocates for the record'],
    },
    {
      doc: 'Conv record',
      fields: [
        ['CV_CG', 'i32', 'input channels per group'],
        ['CV_MG', 'i32', 'output channels per group'],
        ['CV_GROUP', 'i32', 'groups'],
        ['CV_KSIZE', 'i32', 'kernel positions (product of the kernel dims)'],
        ['CV_INSIZE', 'i32', 'spatial cells of one input plane'],
        ['CV_OSIZE', 'i32', 'spatial cells of one output plane'],
        ['CV_CHUNK', 'i32', 'output cells per GEMM task, a multiple of 8'],
        ['CV_TAP', 'i32', 'byte offset of the tap table, i32 [KSIZE][OSIZE] (input cell, or -1: padding)'],
        ['CV_BIAS', 'i32', 'byte offset of the bias, f32 [M], or 0 (none)'],
        [
          'CV_COL',
          'i32',
          'byte offset of the column matrices, f32 [N][GROUP][ceil(OSIZE / 8)][CG * KSIZE][8] (panels of eight cells; the step scratch)',
        ],
        ['CV_QUADS', 'i32', 'quads of output channels per GEMM task'],
        ['CV_BLOCK', 'i32', "rows per block of K (onnxruntime's order: src/model/numerics/conv-order.ts)"],
        ['CV_ONEROW', 'i32', "1: MLAS's one-row product (one output channel per group)"],
        ['CV_GROUPED', 'i32', 'the first cell that adds four-term sums in the one-row product (OSIZE elsewhere)'],
        ['CV_SUM', 'i32', "1: ConvAdd, the sums start from Z (the task's second pointer, of Y's shape)"],
        [
          'CV_WT',
          'i32',
          'byte offset of the weights in panels of four output channels, f32 [GROUP][ceil(MG / 4)][CG * KSIZE][4] (zeros past MG)',
        ],
        ['CV_PIECE', 'i32', 'cells per piece (convPiecesTask: the column matrix of that many cells at a time), or 0'],
        ['CV_RELU', 'i32', "1: ConvAdd with activation 'Relu', each finished output y becomes y < 0 ? 0 : y"],
        [
          'CV_RUNS',
          'i32',
          'byte offset of the runs table, i32 [ceil(OSIZE / 8)][KSIZE]: the input cell of the first of the eight cells of a panel block at a kernel position where the eight read input cells CV_RUN_STEP apart (the last read within the plane: 16 floats for a step of 2), else -1',
        ],
        ['CV_RUN_STEP', 'i32', 'the input cells between the cells of a run: 1, or 2 (a stride-2 convolution)'],
      ],
      bytes: ['CV_CTX_BYTES', 96, 'bytes the host allocates for the record'],
    },
    {
      doc: 'channelAffine record',
      fields: [
        ['AF_PLANES', 'i32', 'planes (N * C)'],
        ['AF_C', 'i32', 'channels C'],
        ['AF_INNER', 'i32', 'elements per plane'],
        ['AF_PLANES_PER_TASK', 'i32', 'planes per task'],
        ['AF_S', 'i32', 'byte offset of the scales, f32 [C]'],
        ['AF_B', 'i32', 'byte offset of the shifts, f32 [C]'],
      ],
      bytes: ['AF_CTX_BYTES', 32, 'bytes the host allocates for the record'],
    },
    {
      doc: 'Relu record',
      fields: [
        ['RL_N', 'i32', 'elements'],
        ['RL_GRAIN', 'i32', 'elements per task, a multiple of 16'],
      ],
      bytes: ['RL_CTX_BYTES', 16, 'bytes the host allocates for the record'],
    },
    {
      doc: 'Softmax record',
      fields: [
        ['SM_ROWS', 'i32', 'rows (contiguous rows), or blocks of LEN x INNER values (strided rows)'],
        ['SM_LEN', 'i32', 'values per row'],
        ['SM_ROWS_PER_TASK', 'i32', 'rows per task (contiguous), or groups of 4 rows per task (strided)'],
        ['SM_INNER', 'i32', 'strided rows: values between one row element and the next (1: contiguous rows)'],
      ],
      bytes: ['SM_CTX_BYTES', 16, 'bytes the host allocates for the record'],
    },
    {
      doc: 'LayerNormalization record',
      fields: [
        ['LN_ROWS', 'i32', 'rows (the product of the dims before the axis)'],
        ['LN_W', 'i32', 'values per row (the product of the dims from the axis), at most 2^24'],
        ['LN_ROWS_PER_TASK', 'i32', 'rows per task, a multiple of 8'],
        ['LN_SCALE', 'i32', 'byte offset of Scale, f32 [W]'],
        ['LN_BIAS', 'i32', 'byte offset of B, f32 [W], or 0 (none)'],
        ['LN_EPS', 'f32', 'epsilon'],
        [
          'LN_MEAN',
          'i32',
          'byte offset of the Mean output, f32 [ROWS], or 0 (none; the host writes it before each run)',
        ],
        ['LN_INV_STD', 'i32', 'byte offset of the InvStdDev output, f32 [ROWS], or 0 (none; written before each run)'],
      ],
      bytes: ['LN_CTX_BYTES', 32, 'bytes the host allocates for the record'],
    },
    {
      doc: 'InstanceNormalization record',
      fields: [
        ['IN_PLANES', 'i32', 'planes (N * C)'],
        ['IN_C', 'i32', 'channels C'],
        ['IN_W', 'i32', 'values per plane (the product of the spatial dims), at most 2^24'],
        ['IN_PLANES_PER_TASK', 'i32', 'planes per task, a multiple of 8'],
        ['IN_SCALE', 'i32', 'byte offset of scale, f32 [C]'],
        ['IN_BIAS', 'i32', 'byte offset of B, f32 [C]'],
        ['IN_EPS', 'f32', 'epsilon'],
      ],
      bytes: ['IN_CTX_BYTES', 32, 'bytes the host allocates for the record'],
    },
    {
      doc: 'row reduction record (ReduceSum / ReduceMean / ReduceMax / ReduceMin on the KR and R fast shapes, GlobalMaxPool)',
      fields: [
        ['RD_ROWS', 'i32', 'rows (outputs)'],
        ['RD_LEN', 'i32', 'values per row (contiguous), at most 2^24'],
        ['RD_ROWS_PER_TASK', 'i32', 'rows per task, a multiple of 8'],
        ['RD_KIND', 'i32', 'RD_SUM, RD_MEAN, RD_MAX, RD_MIN or RD_GMAX'],
      ],
      consts: [
        ['RD_SUM', 0, 'RD_KIND: the sum from the first value, in order'],
        ['RD_MEAN', 1, 'RD_KIND: the same sum, then divided by RD_LEN'],
        ['RD_MAX', 2, 'RD_KIND: the first value, replaced by each later one greater than it'],
        ['RD_MIN', 3, 'RD_KIND: the first value, replaced by each later one less than it'],
        [
          'RD_GMAX',
          4,
          'RD_KIND: GlobalMaxPool (MLAS): max (NaN wins) from the lowest float over the first LEN - LEN % 4 values, then std::max over the rest',
        ],
      ],
      bytes: ['RD_CTX_BYTES', 16, 'bytes the host allocates for the record'],
    },
    {
      doc: 'column reduction record (ReduceSum / ReduceMean over the middle axis of [outer, R, K]: each output a column of R values K apart)',
      fields: [
        ['RC_OUTER', 'i32', 'outer blocks'],
        ['RC_R', 'i32', 'values per column (reduced), at most 2^24'],
        ['RC_K', 'i32', 'columns per block (contiguous)'],
        ['RC_COLS_PER_TASK', 'i32', 'columns per task, a multiple of 4'],
        ['RC_MEAN', 'i32', '1: the sum divided by RC_R (ReduceMean)'],
        [
          'RC_FROM_ZERO',
          'i32',
          '1: 0 plus each value in order (the general loop); 0: from the first value (the RK loop)',
        ],
      ],
      bytes: ['RC_CTX_BYTES', 32, 'bytes the host allocates for the record'],
    },
  ],
};

const SPATIAL_TS = 'src/model/backends/wasm-int8/ctx.generated.ts';

/** Pooling (assembly/model/spatial-pool.ts; the host: src/model/backends/wasm-int8/pool.ts). */
const POOL = {
  host: 'POOL_CTX',
  as: 'assembly/model/spatial-pool-ctx.ts',
  ts: SPATIAL_TS,
  unit: 'index',
  doc: `Field indices (byte offset = index * 4) of the ctx record of the pooling kernels (assembly/model/spatial-pool.ts:
MaxPool, QLinearAveragePool, QLinearGlobalAveragePool). The host writes it through POOL_CTX
(src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).`,
  records: [
    {
      fields: [
        ['LAYOUT', 'i32', '0 NCHW, 1 NCHW44'],
        ['SIGNED', 'i32', '1: int8, 0: uint8'],
        ['PLANES', 'i32', 'C (NCHW) or C / 4 (NCHW44)'],
        ['IH', 'i32', 'input rows'],
        ['IW', 'i32', 'input columns'],
        ['OH', 'i32', 'output rows'],
        ['OW', 'i32', 'output columns'],
        ['KH', 'i32', 'window rows'],
        ['KW', 'i32', 'window columns'],
        ['SH', 'i32', 'stride on rows'],
        ['SW', 'i32', 'stride on columns'],
        ['DH', 'i32', 'dilation on rows'],
        ['DW', 'i32', 'dilation on columns'],
        ['PT', 'i32', 'padding top'],
        ['PL', 'i32', 'padding left'],
        ['PPT', 'i32', 'planes per task'],
        ['ROWS', 'i32', 'output rows per task'],
        ['OX0', 'i32', 'first interior output column (every kx of [OX0, OX1) is inside the input)'],
        ['OX1', 'i32', 'end of the interior output columns'],
        ['INCLUDEPAD', 'i32', 'QLinearAveragePool: count_include_pad (0 or 1)'],
        ['XZP', 'i32', 'x zero point'],
        ['YZP', 'i32', 'y zero point'],
        ['F_XSCALE', 'f32', 'QLinearAveragePool: x_scale'],
        ['F_YSCALE', 'f32', 'QLinearAveragePool: y_scale'],
        ['F_GSCALE', 'f32', 'QLinearGlobalAveragePool: f(x_scale / f(y_scale * H * W))'],
        ['F_KCOUNT', 'f32', 'QLinearAveragePool: f(KH * KW), the divisor with count_include_pad'],
        [
          'YSHIFT',
          'i32',
          'QLinearAveragePool: 128 where an int8 pool rounds as its uint8 twin (y_zp + 128 added in float, 128 taken off the integer), else 0',
        ],
      ],
      bytes: ['CTX_BYTES', 32 * 4, 'bytes the host allocates for the record'],
    },
  ],
};

/** Float32 pooling (assembly/model/spatial-pool-f32.ts; the host: src/model/backends/wasm-float/pool.ts). */
const POOL_F32 = {
  host: 'POOL_F32_CTX',
  as: 'assembly/model/spatial-pool-f32-ctx.ts',
  ts: 'src/model/backends/wasm-float/ctx.generated.ts',
  unit: 'index',
  doc: `Field indices (byte offset = index * 4) of the ctx record of the float32 pooling kernels
(assembly/model/spatial-pool-f32.ts: MaxPool, AveragePool, GlobalAveragePool in onnxruntime's four loops). The host
writes it through POOL_F32_CTX (src/model/backends/wasm-float/ctx.generated.ts, generated from the same declaration).`,
  records: [
    {
      fields: [
        ['LAYOUT', 'i32', '0 NCHW, 1 NCHW44'],
        ['PLANES', 'i32', 'C (NCHW) or C / 4 (NCHW44)'],
        ['IH', 'i32', 'input rows'],
        ['IW', 'i32', 'input columns'],
        ['OH', 'i32', 'output rows'],
        ['OW', 'i32', 'output columns'],
        ['KW', 'i32', 'window columns'],
        ['SH', 'i32', 'stride on rows'],
        ['SW', 'i32', 'stride on columns'],
        ['DH', 'i32', 'dilation on rows'],
        ['DW', 'i32', 'dilation on columns'],
        ['PT', 'i32', 'padding top'],
        ['PL', 'i32', 'padding left'],
        ['PPT', 'i32', 'planes per task'],
        ['ROWS', 'i32', 'output rows per task'],
        ['OP', 'i32', 'OP_MAX or OP_AVG'],
        ['LOOP', 'i32', "onnxruntime's loop: LOOP_FUNCTOR, LOOP_GENERIC, LOOP_VECTOR or LOOP_GLOBAL"],
        ['WV', 'i32', "IW - IW % 4: the vector loop's max folds the rows of the columns below it with f32.max"],
        ['OX0', 'i32', 'first interior output column (every window column of [OX0, OX1) inside the input)'],
        ['OX1', 'i32', 'end of the interior output columns (NCHW, strides 1 and 2; else OX0)'],
        ['YT', 'i32', 'i32 table [3][OH]: per output row the first and end window taps inside the input, its count'],
        ['XT', 'i32', 'i32 table [4][OW + 4]: per output column the same, and 1 where a window column is outside'],
      ],
      consts: [
        ['OP_MAX', 0, 'OP: MaxPool'],
        ['OP_AVG', 1, 'OP: AveragePool'],
        ['LOOP_FUNCTOR', 0, 'LOOP: window order over the cells inside, max from the first cell'],
        ['LOOP_GENERIC', 1, 'LOOP: window order over the cells inside, max from lowest'],
        ['LOOP_VECTOR', 2, 'LOOP: each column down the rows, then across the columns'],
        ['LOOP_GLOBAL', 3, 'LOOP: four lanes over the whole image'],
      ],
      bytes: ['CTX_BYTES', 24 * 4, 'bytes the host allocates for the record'],
    },
  ],
};

/** Resize (assembly/model/spatial-resize.ts; the host: src/model/backends/wasm-int8/resize.ts). */
const RESIZE = {
  host: 'RESIZE_CTX',
  as: 'assembly/model/spatial-resize-ctx.ts',
  ts: SPATIAL_TS,
  unit: 'index',
  doc: `Field indices (byte offset = index * 4) of the ctx record of the Resize kernel (assembly/model/spatial-resize.ts,
whose header describes the tables). The host writes it through RESIZE_CTX (src/model/backends/wasm-int8/ctx.generated.ts,
generated from the same declaration).`,
  records: [
    {
      fields: [
        ['LAYOUT', 'i32', '0 NCHW, 1 NCHW44'],
        ['SIGNED', 'i32', '1: int8, 0: uint8'],
        ['PLANES', 'i32', 'C (NCHW) or C / 4 (NCHW44)'],
        ['IH', 'i32', 'input rows'],
        ['IW', 'i32', 'input columns'],
        ['OH', 'i32', 'output rows'],
        ['OW', 'i32', 'output columns'],
        ['PPT', 'i32', 'planes per task'],
        ['ROWS', 'i32', 'output rows per task'],
        ['LINEAR', 'i32', '1 linear, 0 nearest'],
        ['YTAB', 'i32', 'i32[OH][4] table: input rows y1, y2, dup, 0'],
        ['YW', 'i32', 'f32[OH][4] table: dy2, dy2, dy1, dy1 (linear; else 0)'],
        ['XTAB', 'i32', 'i32[OW][2] table: input columns x1, x2'],
        ['XW', 'i32', 'f32 table of the column weights (linear; else 0)'],
        ['GRP', 'i32', 'NCHW: the 16-column groups (48 bytes each; NCHW44: 0)'],
        ['OWP', 'i32', 'OW rounded up to 16'],
        ['SRCBYTES', 'i32', 'bytes of the input tensor'],
        ['TABLE', 'i32', 'a 256-byte table applied to every output byte (a look-up step fused into the resize), or 0'],
      ],
      bytes: ['CTX_BYTES', 20 * 4, 'bytes the host allocates for the record'],
    },
  ],
};

/** Float32 Resize (assembly/model/spatial-resize-f32.ts; the host: src/model/backends/wasm-float/resize.ts). */
const RESIZE_F32 = {
  host: 'RESIZE_F32_CTX',
  as: 'assembly/model/spatial-resize-f32-ctx.ts',
  ts: 'src/model/backends/wasm-float/ctx.generated.ts',
  unit: 'index',
  doc: `Field indices (byte offset = index * 4) of the ctx record of the float32 Resize kernel
(assembly/model/spatial-resize-f32.ts, whose header describes the tables). The host writes it through RESIZE_F32_CTX
(src/model/backends/wasm-float/ctx.generated.ts, generated from the same declaration).`,
  records: [
    {
      fields: [
        ['LAYOUT', 'i32', '0 NCHW, 1 NCHW44'],
        ['PLANES', 'i32', 'C (NCHW) or C / 4 (NCHW44)'],
        ['IH', 'i32', 'input rows'],
        ['IW', 'i32', 'input columns'],
        ['OH', 'i32', 'output rows'],
        ['OW', 'i32', 'output columns'],
        ['PPT', 'i32', 'planes per task'],
        ['ROWS', 'i32', 'output rows per task'],
        ['LINEAR', 'i32', '1 linear, 0 nearest'],
        ['YTAB', 'i32', 'i32[OH][4] table: input rows y1, y2, dup, fill'],
        ['YW', 'i32', 'f32[OH][4] table: dy2, dy2, dy1, dy1 (linear; else 0)'],
        ['XTAB', 'i32', 'i32[OWP][2] table: input columns x1, x2 (0 past OW)'],
        ['XW', 'i32', 'f32 table of the column weights (linear; else 0)'],
        ['GRP', 'i32', 'NCHW: the 4-column groups (48 bytes each; NCHW44: 0)'],
        ['OWP', 'i32', 'OW rounded up to 4'],
        ['X0', 'i32', 'first output column inside the input (tf_crop_and_resize; else 0)'],
        ['X1', 'i32', 'end of the output columns inside the input (tf_crop_and_resize; else OW)'],
        ['FILL', 'f32', "the extrapolation value (tf_crop_and_resize's outputs outside the input)"],
      ],
      bytes: ['CTX_BYTES', 20 * 4, 'bytes the host allocates for the record'],
    },
  ],
};

/** Transpose (assembly/model/spatial-transpose.ts; the host: src/model/backends/wasm-int8/transpose.ts). */
const TRANSPOSE = {
  host: 'TRANSPOSE_CTX',
  as: 'assembly/model/spatial-transpose-ctx.ts',
  ts: SPATIAL_TS,
  unit: 'index',
  doc: `Field indices (byte offset = index * 4) of the ctx record of the Transpose kernel (assembly/model/spatial-transpose.ts,
whose header describes KIND 0 and 1). The host writes it through TRANSPOSE_CTX
(src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).`,
  records: [
    {
      fields: [
        ['ESIZE', 'i32', 'bytes per element: 1 or 4'],
        ['KIND', 'i32', '0 rows, 1 tiles'],
        ['NOUT', 'i32', 'outer axes (entries of OUTER)'],
        ['RPT', 'i32', 'rows per task (KIND 1: tile rows)'],
        ['ROWLEN', 'i32', 'KIND 0: bytes per row; KIND 1: ROWS'],
        ['COLS', 'i32', "KIND 1: elements of the input's last axis"],
        ['SA', 'i32', "KIND 1: src stride of the output's last axis (bytes)"],
        ['TB', 'i32', "KIND 1: dst stride of the input's last axis (bytes)"],
        ['TOTAL', 'i32', 'KIND 0: R'],
        ['TILES', 'i32', 'KIND 1: tasks per combination; the last one takes the rows left (at least RPT of them)'],
        [
          'OUTER',
          'i32',
          '[dim, src stride bytes, dst stride bytes] per outer axis, outermost first (room for 6 axes)',
          18,
        ],
      ],
      bytes: ['CTX_BYTES', null, 'bytes the host allocates for the record'],
    },
  ],
};

/** NCHW <-> NCHW44 of 1- and 4-byte elements (assembly/model/spatial-relayout.ts; the host: src/model/backends/wasm-int8/relayout.ts). */
const RELAYOUT = {
  host: 'RELAYOUT_CTX',
  as: 'assembly/model/spatial-relayout-ctx.ts',
  ts: SPATIAL_TS,
  unit: 'index',
  doc: `Field indices (byte offset = index * 4) of the ctx record of the NCHW <-> NCHW44 task (assembly/model/spatial-relayout.ts).
The host writes it through RELAYOUT_CTX (src/model/backends/wasm-int8/ctx.generated.ts, generated from the same
declaration).`,
  records: [
    {
      fields: [
        ['TO44', 'i32', '1: NCHW -> NCHW44, 0: NCHW44 -> NCHW'],
        ['C', 'i32', 'channels'],
        ['HW', 'i32', 'pixels per plane (H * W)'],
        ['BPT', 'i32', 'channel blocks of 4 per task'],
        ['ES', 'i32', 'bytes per element: 1 (uint8, int8) or 4 (float32, int32)'],
      ],
      bytes: ['CTX_BYTES', null, 'bytes the host allocates for the record'],
    },
  ],
};

/** Window sums of a convolution's source (assembly/model/window-sum.ts; the host: src/model/backends/wasm-int8/window-sum.ts). */
const WINDOW_SUM = {
  host: 'WINDOW_SUM_CTX',
  as: 'assembly/model/window-sum-ctx.ts',
  ts: SPATIAL_TS,
  unit: 'index',
  doc: `Field indices (byte offset = index * 4) of the ctx record of the window-sum kernels (assembly/model/window-sum.ts,
whose header describes the two passes). The host writes it through WINDOW_SUM_CTX
(src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).`,
  records: [
    {
      fields: [
        ['LAYOUT', 'i32', "the source's layout: 0 NCHW, 1 NCHW44"],
        [
          'LANES',
          'i32',
          '1: one sum per group (T and S planar); 4: one per channel of a depthwise NCHW44 source (interleaved)',
        ],
        ['XOR', 'i32', "the source bytes' xor (0 uint8, 0x80 int8: the unsigned domain)"],
        ['ZPU', 'i32', 'the source zero point in the unsigned domain (zp + 128 for int8): set before each run'],
        ['C', 'i32', 'source channels'],
        ['CPG', 'i32', 'source channels per group (LANES 1)'],
        ['GP', 'i32', 'planes of T and S per image: the groups (LANES 1) or the blocks of 4 channels (LANES 4)'],
        ['PLANES', 'i32', 'N * GP'],
        ['IH', 'i32', 'source rows'],
        ['IW', 'i32', 'source columns'],
        ['OH', 'i32', 'output rows'],
        ['OW', 'i32', 'output columns'],
        ['FH', 'i32', 'window rows'],
        ['FW', 'i32', 'window columns'],
        ['SH', 'i32', 'stride on rows'],
        ['SW', 'i32', 'stride on columns'],
        ['DH', 'i32', 'dilation on rows'],
        ['DW', 'i32', 'dilation on columns'],
        ['PT', 'i32', 'padding top'],
        ['PL', 'i32', 'padding left'],
        ['PPT1', 'i32', 'pass 1: planes per task'],
        ['ROWS1', 'i32', 'pass 1: source rows per task'],
        ['PPT2', 'i32', 'pass 2: planes per task'],
        ['ROWS2', 'i32', 'pass 2: output rows per task'],
      ],
      bytes: ['CTX_BYTES', null, 'bytes the host allocates for the record'],
    },
  ],
};

/** The record of the float element-wise region kernel (assembly/model/region.ts). */
const REGION = {
  host: 'REGION_CTX',
  as: 'assembly/model/region-ctx.ts',
  ts: 'src/model/backends/wasm-float/ctx.generated.ts',
  unit: 'byte',
  doc: `Byte offsets of the parameter record (ctx) of the float element-wise region kernel (assembly/model/region.ts), its
slot and instruction layouts and its opcodes. The host writes them through REGION_CTX
(src/model/backends/wasm-float/ctx.generated.ts, generated from the same declaration).

A region is a small program over registers of RG_BLOCK float32 lanes (the calling thread's slice of the scratch):
the prologue runs once per task (scalar broadcasts), the body once per block of up to RG_BLOCK consecutive elements
of the output (a block never crosses a channel run in the run modes). Tensors are reached through slots (RG_SLOT_BYTES
each): the data pointer (the host writes the run's pointers before each run), the byte xor of an 8-bit tensor, and
pointers to its float32 scale and its zero point byte (DequantizeLinear / QuantizeLinear; constants or values
computed at run time alike).`,
  records: [
    {
      doc: 'region record',
      fields: [
        ['RG_N', 'i32', 'elements of the output'],
        ['RG_GRAIN', 'i32', 'elements per task, a multiple of RG_BLOCK'],
        ['RG_MODE', 'i32', 'how channel broadcasts are read: RG_MODE_FLAT / RUNS / RUNS44 / GATHER'],
        ['RG_INNER', 'i32', 'elements after the channel axis (NCHW44: H * W)'],
        ['RG_C', 'i32', 'channels (the size of the channel axis)'],
        ['RG_PRO', 'i32', 'byte offset of the prologue instructions'],
        ['RG_NPRO', 'i32', 'prologue instructions'],
        ['RG_BODY', 'i32', 'byte offset of the body instructions'],
        ['RG_NBODY', 'i32', 'body instructions'],
        ['RG_SLOTS', 'i32', 'byte offset of the slots'],
      ],
      consts: [
        ['RG_MODE_FLAT', 0, 'no channel broadcast: blocks of RG_BLOCK elements'],
        ['RG_MODE_RUNS', 1, 'row-major, channel c = (i / INNER) % C; blocks stay inside one run of INNER elements'],
        [
          'RG_MODE_RUNS44',
          2,
          'NCHW44, channel block (i / (4 INNER)) % (C / 4) and lane i % 4; blocks stay inside one run of 4 INNER',
        ],
        ['RG_MODE_GATHER', 3, 'row-major with short runs: the channel of every element is looked up'],
        ['RG_BLOCK', 256, 'elements per block (float32 lanes of a register)'],
        ['RG_REG_BYTES', 1024, 'bytes of a register (RG_BLOCK float32)'],
        ['RG_SLOT_BYTES', 16, 'bytes of a slot: SL_PTR, SL_XOR, SL_SCALE, SL_ZP'],
        ['SL_PTR', 0, "slot field (byte offset): the tensor's data"],
        ['SL_XOR', 4, 'slot field: 0x80 for int8 bytes, 0 for uint8 (the unsigned domain, as ELEM_CTX)'],
        ['SL_SCALE', 8, 'slot field: pointer to the float32 scale (8-bit slots)'],
        ['SL_ZP', 12, 'slot field: pointer to the zero point byte (8-bit slots)'],
        ['RG_INSTR_BYTES', 32, 'bytes of an instruction: IN_OP, IN_DST, IN_A, IN_B, IN_F0, IN_F1, IN_UB'],
        ['IN_OP', 0, 'instruction field (byte offset): the opcode'],
        ['IN_DST', 4, 'instruction field: the destination register (a slot for the stores)'],
        ['IN_A', 8, 'instruction field: operand a (a register; a slot for the loads)'],
        ['IN_B', 12, 'instruction field: operand b (a register)'],
        ['IN_F0', 16, 'instruction field: float32 immediate 0'],
        ['IN_F1', 20, 'instruction field: float32 immediate 1'],
        [
          'IN_UB',
          24,
          "instruction field of ADD .. PMIN: 1 where b is the same vector in every vector of the block (a scalar broadcast), 2 where it is in the channel-run modes (a channel's value), else 0",
        ],
        ['OP_LD_F32', 0, 'dst = float32 input (slot a)'],
        ['OP_LD_I32', 1, 'dst = float(int32 input)'],
        ['OP_LD_B8', 2, 'dst = float(8-bit input): Cast'],
        ['OP_LD_DQ', 3, 'dst = f(float(x - zp) * scale): DequantizeLinear'],
        ['OP_BC_SCALAR', 4, 'dst = the float32 at slot a, in every lane (prologue)'],
        ['OP_BC_CHANNEL', 5, "dst = each element's channel value of the float32 [C] at slot a"],
        ['OP_ST_F32', 6, 'slot dst = register a (float32)'],
        ['OP_ST_Q', 7, 'slot dst = QuantizeLinear(register a) with the slot scale and zero point'],
        ['OP_ADD', 10, 'dst = f(a + b)'],
        ['OP_SUB', 11, 'dst = f(a - b)'],
        ['OP_MUL', 12, 'dst = f(a * b)'],
        ['OP_DIV', 13, 'dst = f(a / b)'],
        ['OP_PMAX', 14, 'dst = a < b ? b : a (C++ std::max(a, b) with a first: NaN in a passes)'],
        ['OP_PMIN', 15, 'dst = b < a ? b : a (C++ std::min(a, b))'],
        ['OP_MAXN', 16, 'dst = b is NaN ? b : a < b ? b : a (Max: a NaN of either passes, a tie gives a)'],
        ['OP_MINN', 17, 'dst = b is NaN ? b : b < a ? b : a (Min: a NaN of either passes, a tie gives a)'],
        ['OP_PRELU', 18, 'dst = a < 0 ? f(a * b) : a'],
        ['OP_RELU', 20, 'dst = a < 0 ? 0 : a'],
        ['OP_LEAKY', 21, 'dst = a >= 0 ? a : f(F0 * a)'],
        ['OP_HSIG', 22, 'dst = max(min(f(f(F0 * a) + F1), 1), 0)'],
        ['OP_HSWISH', 23, 'dst = f(a * HardSigmoid(a)) with F0, F1'],
        ['OP_SIGMOID', 24, "dst = MLAS's logistic(a)"],
        ['OP_TANH', 25, "dst = MLAS's tanh(a)"],
        ['OP_EXP', 26, "dst = MLAS's exp(a)"],
        ['OP_NEG', 27, 'dst = -a'],
        ['OP_ABS', 28, 'dst = |a|'],
        ['OP_SQRT', 29, 'dst = sqrt(a), correctly rounded'],
        ['OP_FLOOR', 30, 'dst = floor(a)'],
        ['OP_CEIL', 31, 'dst = ceil(a)'],
        ['OP_ROUND', 32, 'dst = a rounded to the nearest integer, halves to even'],
        ['OP_SIGN', 33, 'dst = a > 0 ? 1 : a < 0 ? -1 : a is NaN ? a : 0'],
        ['OP_LOG', 34, "dst = logf(a): musl's table method in double, as src/model/numerics/logf.ts"],
        ['OP_ELU', 35, "dst = a >= 0 ? a : f(F0 * f(expf(a) - 1)), musl's expf (Elu, alpha F0)"],
        ['OP_SELU', 36, 'dst = a > 0 ? f(F0 * a) : f(F1 * f(expf(a) - 1)) (Selu: F0 gamma, F1 f(gamma * alpha))'],
        [
          'OP_CELU',
          37,
          "dst = f(max(a, 0) + min(f(F0 * f(expf(f(a / F0)) - 1)), 0)), C++'s std::max / min (Celu, alpha F0)",
        ],
        ['OP_SOFTPLUS', 38, "dst = a > 0 ? f(a + log1pf(expf(-a))) : log1pf(expf(a)), musl's expf and log1pf"],
        ['OP_THRELU', 39, 'dst = a > F0 ? a : 0 (ThresholdedRelu)'],
        ['OP_ERF', 40, "dst = MLAS's erf(a)"],
      ],
      bytes: ['RG_CTX_BYTES', 64, 'bytes the host allocates for the record'],
    },
  ],
};

/** Float32 MatMul / Gemm with a constant B (assembly/model/gemm-f32.ts; the host: src/model/backends/wasm-float/gemm.ts). */
const GEMM_F32 = {
  host: 'GEMM_F32_CTX',
  as: 'assembly/model/gemm-f32-ctx.ts',
  ts: 'src/model/backends/wasm-float/gemm-ctx.generated.ts',
  unit: 'byte',
  doc: `Byte offsets of the parameter record (ctx) of the float32 matrix product of assembly/model/gemm-f32.ts. The host
writes it through GEMM_F32_CTX (src/model/backends/wasm-float/gemm-ctx.generated.ts, generated from the same declaration).`,
  records: [
    {
      doc: 'Gemm record',
      fields: [
        ['GM_M', 'i32', "rows of A' and of the output"],
        ['GM_N', 'i32', "columns of B' and of the output"],
        ['GM_K', 'i32', "columns of A', rows of B'"],
        ['GM_NP', 'i32', "columns of the packed B' (N rounded up to 16, zeros after N)"],
        ['GM_BLOCK_K', 'i32', 'values of k per block (MLAS: 256 for a packed B)'],
        ['GM_A_ROW', 'i32', "elements between rows of A' in A"],
        ['GM_A_COL', 'i32', "elements between columns of A' in A"],
        ['GM_ROWS_PER_TASK', 'i32', 'output rows per task'],
        ['GM_B', 'i32', "byte offset of the packed B', f32 [NP / 16][K][16] (panels of 16 columns)"],
        ['GM_C', 'i32', 'byte offset of the starting output, f32 [M][NP] (C broadcast, times beta), or 0 (zero mode)'],
        ['GM_ALPHA', 'f32', 'alpha'],
        [
          'GM_TABLE',
          'i32',
          'byte offset of the products of a computed B, i32 [P][3] (element offsets of A, B, Y; matmulF32Task), or 0',
        ],
        [
          'GM_SCRATCH',
          'i32',
          "byte offset of the packed computed B's, P panels sets of NP * K floats (the step scratch)",
        ],
        ['GM_TRANS_B', 'i32', "1: each computed B is stored [N][K] (FusedMatMul's transB), packed transposed"],
      ],
      bytes: ['GM_CTX_BYTES', 64, 'bytes the host allocates for the record'],
    },
  ],
};

/** Float32 LSTM with constant weights (assembly/model/lstm-f32.ts; the host: src/model/backends/wasm-float/lstm.ts). */
const LSTM_F32 = {
  host: 'LSTM_F32_CTX',
  as: 'assembly/model/lstm-f32-ctx.ts',
  ts: 'src/model/backends/wasm-float/lstm-ctx.generated.ts',
  unit: 'byte',
  doc: `Byte offsets of the parameter record (ctx) of the float32 LSTM of assembly/model/lstm-f32.ts. The host writes it
through LSTM_F32_CTX (src/model/backends/wasm-float/lstm-ctx.generated.ts, generated from the same declaration).`,
  records: [
    {
      doc: 'LSTM record (strides in elements; pointers are byte offsets, 0: absent)',
      fields: [
        ['LS_H', 'i32', 'hidden size H'],
        ['LS_K', 'i32', 'input size K (> 0)'],
        ['LS_GP', 'i32', 'columns of the packed W^T and R^T: 4H rounded up to 16, zeros after 4H'],
        ['LS_BLOCK_K', 'i32', 'values of k per block of the products (256: onnxruntime packs constant W and R)'],
        ['LS_SEQ', 'i32', 'time steps (every batch row runs all of them)'],
        ['LS_BATCH', 'i32', 'batch rows'],
        ['LS_REVERSE', 'i32', 'bit d set: direction d runs backwards in time'],
        ['LS_INPUT_FORGET', 'i32', '1: f = 1 - i'],
        ['LS_X_T', 'i32', 'elements between time steps of X'],
        ['LS_X_B', 'i32', 'elements between batch rows of X'],
        ['LS_Y_T', 'i32', 'elements between time steps of Y'],
        ['LS_Y_D', 'i32', 'elements between directions of Y'],
        ['LS_Y_B', 'i32', 'elements between batch rows of Y'],
        ['LS_S_D', 'i32', 'elements between directions of initial_h / initial_c / Y_h / Y_c'],
        ['LS_S_B', 'i32', 'elements between batch rows of initial_h / initial_c / Y_h / Y_c'],
        [
          'LS_W',
          'i32',
          'W^T packed in panels of 16 columns, f32 [dirs][GP / 16][K][16] (gate rows i, o, f, c as columns)',
        ],
        ['LS_R', 'i32', 'R^T packed in panels, f32 [dirs][GP / 16][H][16]'],
        [
          'LS_BIAS',
          'i32',
          'the fused biases Wb + Rb, f32 [dirs][4H] and 4 more, or 0 (no B); GRU: [dirs][4][HP] and 4 more: z (Wb + Rb), r (Wb + Rb), h (Wb + Rb, or Wb with linear_before_reset), Rb of h',
        ],
        ['LS_P', 'i32', 'the peepholes, f32 [dirs][3H] and 4 more, or 0 (no P)'],
        [
          'LS_SCRATCH',
          'i32',
          'per task (d, b): gates [GP + 4], h [HP], c [HP] (HP: H rounded up to 4), f32; quantized mode then X quantized, i16 [seq][KQ], and h quantized, i16 [HQ]; GRU: gates z, r [GP + 4], h [HP], the reset-gated values [HP], gate h [GPH + 4]',
        ],
        [
          'LS_TASK_FLOATS',
          'i32',
          'floats (4 bytes) of one task scratch: GP + 4 + 2 HP (and the quantized rows), then the input products of LS_CHUNK steps',
        ],
        ['LS_H0', 'i32', 'initial_h, or 0 (zeros)'],
        ['LS_C0', 'i32', 'initial_c, or 0 (zeros)'],
        ['LS_Y', 'i32', 'Y, or 0 (not written)'],
        ['LS_YH', 'i32', 'Y_h, or 0 (not written)'],
        ['LS_YC', 'i32', 'Y_c, or 0 (not written)'],
        ['LS_CLIP', 'f32', 'clip (FLT_MAX by default)'],
        [
          'LS_QUANT',
          'i32',
          '1: DynamicQuantizeLSTM (batch 1): LS_W / LS_R hold the 8-bit weights as stored (int8 or uint8, LS_QUNSIGNED), pairs of k in panels of 16 columns [dirs][GP / 16][KQ / 2][16][2] (the zero point past K and 4H), and each product quantizes its input at run time',
        ],
        ['LS_KQ', 'i32', 'quantized mode: K rounded up to even'],
        ['LS_HQ', 'i32', 'quantized mode: H rounded up to even'],
        ['LS_W_SCALE', 'i32', 'quantized mode: the scale of each column of W, f32 [dirs][GP] (0 past 4H)'],
        ['LS_R_SCALE', 'i32', 'quantized mode: the scale of each column of R, f32 [dirs][GP] (0 past 4H)'],
        [
          'LS_LBR',
          'i32',
          'GRU (gruF32Task; LS_W / LS_R hold the z and r rows, GP 2H rounded up to 16): linear_before_reset',
        ],
        ['LS_GPH', 'i32', 'GRU: columns of the packed h rows: H rounded up to 16, zeros after H'],
        ['LS_WH', 'i32', "GRU: W's h rows transposed in panels, f32 [dirs][GPH / 16][K][16]"],
        ['LS_RH', 'i32', "GRU: R's h rows transposed in panels, f32 [dirs][GPH / 16][H][16]"],
        [
          'LS_QZP',
          'i32',
          'quantized mode: the zero points, i32 [dirs][2] (each direction its W and R ones), subtracted from the stored 8-bit weights as they are loaded',
        ],
        ['LS_QUNSIGNED', 'i32', 'quantized mode: 1: the stored weights are uint8, 0: int8'],
        [
          'LS_CHUNK',
          'i32',
          'time steps whose input products X W^T are computed together (W read once for them), before those steps; their rows [LS_CHUNK][GP] (GRU: and [LS_CHUNK][GPH]) end the task scratch',
        ],
      ],
      bytes: ['LS_CTX_BYTES', 160, 'bytes the host allocates for the record'],
    },
  ],
};

/** QLinearSoftmax on 8-bit rows (assembly/model/qsoftmax.ts; the host: src/model/backends/wasm-int8/qsoftmax.ts). */
const QSOFTMAX = {
  host: 'QSOFTMAX_CTX',
  as: 'assembly/model/qsoftmax-ctx.ts',
  ts: 'src/model/backends/wasm-int8/qsoftmax-ctx.generated.ts',
  unit: 'byte',
  doc: `Byte offsets of the parameter records (ctx) of the QLinearSoftmax and QLinearMatMul kernels (assembly/model/qsoftmax.ts,
qmatmul.ts) and of QLinearAdd's integer-form scan (qadd-form.ts). The host writes them through QSOFTMAX_CTX (src/model/backends/wasm-int8/qsoftmax-ctx.generated.ts,
generated from the same declaration).`,
  records: [
    {
      doc: 'QLinearSoftmax record: rows of LEN 8-bit values, contiguous or INNER apart',
      fields: [
        ['QS_ROWS', 'i32', 'rows (contiguous rows), or blocks of LEN x INNER values (strided rows)'],
        ['QS_LEN', 'i32', 'values per row (>= 1)'],
        ['QS_ROWS_PER_TASK', 'i32', 'rows per task (contiguous), or groups of 4 rows per task (strided)'],
        ['QS_SIGNED', 'i32', '1: int8 in and out, 0: uint8'],
        ['QS_YZP', 'i32', "the output's zero point"],
        ['QS_E', 'i32', 'byte offset of the exp table, f32 [256] (entry 255 - max + x)'],
        ['QS_P', 'i32', 'byte offset of the scaled table, f32 [256] (the same entry times floor(1 / y_scale))'],
        ['QS_INNER', 'i32', 'strided rows: values between one row element and the next (1: contiguous rows)'],
      ],
      bytes: ['QS_CTX_BYTES', 32, 'bytes the host allocates for the record'],
    },
    {
      doc: 'QLinearMatMul record (a computed B): A [NB][M][K], B [NB][K][N] 8-bit, Y [NB][M][N] 8-bit',
      fields: [
        ['QM_M', 'i32', 'rows of A and Y'],
        ['QM_K', 'i32', 'the shared dim'],
        ['QM_N', 'i32', 'columns of B and Y'],
        ['QM_NB', 'i32', 'batches'],
        ['QM_KP', 'i32', 'K rounded up to 8 (the packed rows, zeros past K)'],
        ['QM_N4', 'i32', 'N rounded up to 4'],
        ['QM_ASIGNED', 'i32', '1: A is int8, 0: uint8'],
        ['QM_BSIGNED', 'i32', '1: B is int8, 0: uint8'],
        ['QM_AZ', 'i32', "A's zero point"],
        ['QM_YZ', 'i32', "Y's zero point"],
        ['QM_YSIGNED', 'i32', '1: Y is int8, 0: uint8'],
        ['QM_LOZ', 'f32', "Y's lowest value - zero point (the clamp before rounding)"],
        ['QM_HIZ', 'f32', "Y's highest value - zero point"],
        ['QM_SCALE', 'i32', 'byte offset of the scales, f32 [N4] (per column: f(f(a_scale * b_scale) / y_scale))'],
        ['QM_BZP', 'i32', "byte offset of B's zero points, i32 [N]"],
        ['QM_AOFF', 'i32', "byte offset of each batch's first element of A, i32 [NB]"],
        ['QM_BOFF', 'i32', "byte offset of each batch's first element of B, i32 [NB]"],
        ['QM_ROWS_PER_TASK', 'i32', 'rows of Y per task'],
        [
          'QM_PACK',
          'i32',
          "the packed operands (the step's scratch): per batch A - az as i16 [M][KP], then B - bzp transposed as i16 [N4][KP]",
        ],
      ],
      bytes: ['QM_CTX_BYTES', 80, 'bytes the host allocates for the record'],
    },
    {
      doc: "QLinearAdd's integer form, its load-time scan (qadd-form.ts): the float formula's byte of every one of the 65536 byte pairs (unsigned domain), and the pairs' tightest bounds on the form's constant k",
      fields: [
        ['QF_FA', 'i32', "byte offset of A's dequantized values, f32 [256] by unsigned byte"],
        ['QF_FB', 'i32', "byte offset of B's dequantized values, f32 [256] by unsigned byte"],
        ['QF_CS', 'f32', "the output's scale"],
        ['QF_LO', 'f32', "the output's lowest value - zero point"],
        ['QF_HI', 'f32', "the output's highest value - zero point"],
        ['QF_BIAS', 'f32', "zero point (+ 128 for onnxruntime's uint8 twin)"],
        ['QF_OFF', 'i32', 'subtracted after rounding (128 for the twin, else 0)'],
        ['QF_XOR', 'i32', 'the unsigned-domain xor (128 for int8, else 0)'],
        ['QF_MA', 'i32', "A's multiplier"],
        ['QF_MB', 'i32', "B's multiplier"],
        ['QF_ONE', 'i32', '2^shift'],
        ['QF_E', 'i32', 'bounds kept per side (the exceptions allowed + 1)'],
        ['QF_WANT', 'i32', 'byte offset of the raw output bytes, u8 [65536] by (unsigned a) << 8 | unsigned b'],
        ['QF_LOV', 'i32', 'byte offset of the highest lower bounds, f64 [E], highest first (ties: the earlier pair)'],
        ['QF_LOP', 'i32', 'byte offset of their pairs, i32 [E]'],
        ['QF_HIV', 'i32', 'byte offset of the lowest upper bounds, f64 [E], lowest first'],
        ['QF_HIP', 'i32', 'byte offset of their pairs, i32 [E]'],
        ['QF_NLO', 'i32', 'out: lower bounds kept (<= E)'],
        ['QF_NHI', 'i32', 'out: upper bounds kept (<= E)'],
      ],
      bytes: ['QF_CTX_BYTES', null, 'bytes of the record'],
    },
  ],
};

export const MODEL_CTX_GROUPS = [
  ELEM,
  HOST_FLOAT,
  GEMM_F32,
  LSTM_F32,
  POOL,
  POOL_F32,
  RESIZE,
  RESIZE_F32,
  TRANSPOSE,
  RELAYOUT,
  REGION,
  WINDOW_SUM,
  QSOFTMAX,
];
