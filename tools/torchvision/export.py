# /usr/bin/python3 tools/torchvision/export.py OUTDIR NAME...: exports torchvision architectures (seeded random
# weights: no download) to OUTDIR/NAME.onnx at opset 13, for tools/torchvision/sweep.mjs. Needs Debian's
# python3-torch and python3-torchvision (apt-get install python3-torch python3-torchvision); not part of the CI.
import sys, torch, torchvision
torch.manual_seed(0)
M = torchvision.models
SEG = torchvision.models.segmentation
DET = torchvision.models.detection
specs = {
  'alexnet': (lambda: M.alexnet(), 224), 'resnet18': (lambda: M.resnet18(), 224), 'resnet50': (lambda: M.resnet50(), 224),
  'resnext50': (lambda: M.resnext50_32x4d(), 224), 'densenet121': (lambda: M.densenet121(), 224),
  'squeezenet10': (lambda: M.squeezenet1_0(), 224), 'squeezenet11': (lambda: M.squeezenet1_1(), 224),
  'googlenet': (lambda: M.googlenet(aux_logits=False, init_weights=True), 224), 'inception3': (lambda: M.inception_v3(aux_logits=False, init_weights=True), 299),
  'shufflenet05': (lambda: M.shufflenet_v2_x0_5(), 224), 'shufflenet10': (lambda: M.shufflenet_v2_x1_0(), 224),
  'mobilenet2': (lambda: M.mobilenet_v2(), 224), 'mobilenet3s': (lambda: M.mobilenet_v3_small(), 224), 'mobilenet3l': (lambda: M.mobilenet_v3_large(), 224),
  'mnasnet05': (lambda: M.mnasnet0_5(), 224), 'efficientb0': (lambda: M.efficientnet_b0(), 224), 'efficientv2s': (lambda: M.efficientnet_v2_s(), 224),
  'regnety400': (lambda: M.regnet_y_400mf(), 224), 'regnetx400': (lambda: M.regnet_x_400mf(), 224), 'convnext_t': (lambda: M.convnext_tiny(), 224),
  'vgg11': (lambda: M.vgg11_bn(), 224), 'swin_t': (lambda: M.swin_t(), 224), 'maxvit_t': (lambda: M.maxvit_t(), 224),
  'deeplab3mv3': (lambda: SEG.deeplabv3_mobilenet_v3_large(weights_backbone=None, aux_loss=False), 256),
  'lraspp': (lambda: SEG.lraspp_mobilenet_v3_large(weights_backbone=None), 256),
  'fcn50': (lambda: SEG.fcn_resnet50(weights_backbone=None, aux_loss=False), 256),
  'ssdlite': (lambda: DET.ssdlite320_mobilenet_v3_large(weights_backbone=None), 320),
  'r3d18': (lambda: torchvision.models.video.r3d_18(), 0),
}
out = sys.argv[1]
for name in sys.argv[2:]:
  make, size = specs[name]
  m = make().eval()
  if name == 'r3d18': x = torch.randn(1, 3, 8, 112, 112)
  else: x = torch.randn(1, 3, size, size)
  try:
    if name == 'ssdlite':
      torch.onnx.export(m, [x[0]], f'{out}/{name}.onnx', opset_version=13, input_names=['input'])
    else:
      torch.onnx.export(m, x, f'{out}/{name}.onnx', opset_version=13, input_names=['input'], output_names=['output'] if 'lab' not in name and 'fcn' not in name and 'lraspp' not in name else None)
    print(name, 'ok', tuple(x.shape))
  except Exception as e:
    print(name, 'EXPORT FAIL', str(e)[:300])
