/**
 * com.microsoft FusedConv (what onnxruntime's graph optimizer saves for a Conv and the activation after it): the
 * reference Conv, then the reference activation operator on its output: Relu, Tanh, Sigmoid, LeakyRelu
 * (activation_params [alpha]), Clip ([min, max]), HardSigmoid ([alpha, beta]). The fourth input Z is not taken.
 */
import { HardSigmoid, LeakyRelu } from './Activations.js';
import { Clip } from './Clip.js';
import { Conv } from './Conv.js';
import { Relu } from './Relu.js';
import { Sigmoid } from './Sigmoid.js';
import { Tanh } from './Unary.js';
import { makeTensor, type Attribute, type OpFn } from '../tensor.js';

export const FusedConv: OpFn = (inputs, attrs, _opset, outputCount, ctx) => {
  if (inputs[3]) throw new Error('FusedConv: the Z input is not taken');
  const act = attrs.get('activation');
  const p = attrs.get('activation_params');
  const params = p?.kind === 'floats' ? p.value : [];
  const convAttrs = new Map([...attrs].filter(([k]) => k !== 'activation' && k !== 'activation_params'));
  const [y] = Conv(inputs.slice(0, 3), convAttrs, 11, outputCount, ctx);
  const f = (value: number): Attribute => ({ kind: 'float', value });
  const name = act?.kind === 'string' ? act.value : '';
  switch (name) {
    case 'Relu':
      return Relu([y], new Map(), 14);
    case 'Tanh':
      return Tanh([y], new Map(), 13);
    case 'Sigmoid':
      return Sigmoid([y], new Map(), 13);
    case 'LeakyRelu':
      return LeakyRelu([y], new Map([['alpha', f(params[0])]]), 16);
    case 'HardSigmoid':
      return HardSigmoid(
        [y],
        new Map([
          ['alpha', f(params[0])],
          ['beta', f(params[1])],
        ]),
        6,
      );
    case 'Clip': {
      const bound = (v: number) => makeTensor('float32', [], Float32Array.of(v));
      return Clip([y, bound(params[0]), bound(params[1])], new Map(), 13);
    }
    default:
      throw new Error(`FusedConv: activation ${name} is not taken`);
  }
};
