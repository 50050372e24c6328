# /usr/bin/python3 tools/torchvision/webnets.py OUTDIR NAME...: exports small PyTorch re-creations of architectures
# web developers commonly ship as ONNX (seeded random weights, opset 13 unless said) to OUTDIR/NAME.onnx, for
# tools/torchvision/sweep.mjs. They follow the published block structure (layer counts and widths shrunk) so that the
# exported graphs hold the same operator patterns: YOLOv8's C2f / SPPF / DFL head with its anchor decode, YOLOv5's
# grid decode, U^2-Net's dilated RSU blocks with bilinear upsampling, ESPCN / Real-ESRGAN's PixelShuffle, MODNet's
# InstanceNorm + BatchNorm, an RFB face detector's Softmax / Concat heads, MobileFaceNet's PReLU and global depthwise
# layer, a pose network's ConvTranspose heatmaps, and a CRNN audio tagger (GRU, LSTM). Not part of the CI.
import sys, torch, torch.nn as nn, torch.nn.functional as F

torch.manual_seed(0)


def cbs(ci, co, k=3, s=1, act=nn.SiLU):
  return nn.Sequential(nn.Conv2d(ci, co, k, s, (k - 1) // 2, bias=False), nn.BatchNorm2d(co), act())


class Bottleneck(nn.Module):
  def __init__(self, c, add=True):
    super().__init__()
    self.a, self.b, self.add = cbs(c, c), cbs(c, c), add

  def forward(self, x):
    y = self.b(self.a(x))
    return x + y if self.add else y


class C2f(nn.Module):
  def __init__(self, ci, co, n=1, add=True):
    super().__init__()
    self.c = co // 2
    self.cv1, self.cv2 = cbs(ci, 2 * self.c, 1), cbs((2 + n) * self.c, co, 1)
    self.m = nn.ModuleList(Bottleneck(self.c, add) for _ in range(n))

  def forward(self, x):
    y = list(self.cv1(x).split((self.c, self.c), 1))
    for m in self.m:
      y.append(m(y[-1]))
    return self.cv2(torch.cat(y, 1))


class SPPF(nn.Module):
  def __init__(self, ci, co):
    super().__init__()
    self.cv1, self.cv2 = cbs(ci, ci // 2, 1), cbs(ci * 2, co, 1)
    self.m = nn.MaxPool2d(5, 1, 2)

  def forward(self, x):
    x = self.cv1(x)
    y1 = self.m(x)
    y2 = self.m(y1)
    return self.cv2(torch.cat((x, y1, y2, self.m(y2)), 1))


class Yolo8(nn.Module):
  # backbone / neck / decoupled head of YOLOv8n at width 1/4 depth 1/3; the head's DFL and anchor decode as exported
  def __init__(self, nc=80, w=(16, 32, 64, 128, 256)):
    super().__init__()
    self.b0, self.b1, self.c1 = cbs(3, w[0], 3, 2), cbs(w[0], w[1], 3, 2), C2f(w[1], w[1])
    self.b2, self.c2 = cbs(w[1], w[2], 3, 2), C2f(w[2], w[2])
    self.b3, self.c3 = cbs(w[2], w[3], 3, 2), C2f(w[3], w[3])
    self.b4, self.c4, self.sppf = cbs(w[3], w[4], 3, 2), C2f(w[4], w[4]), SPPF(w[4], w[4])
    self.n1, self.n2 = C2f(w[4] + w[3], w[3], add=False), C2f(w[3] + w[2], w[2], add=False)
    self.d1, self.n3 = cbs(w[2], w[2], 3, 2), C2f(w[2] + w[3], w[3], add=False)
    self.d2, self.n4 = cbs(w[3], w[3], 3, 2), C2f(w[3] + w[4], w[4], add=False)
    self.nc, self.reg = nc, 16
    self.box = nn.ModuleList(nn.Sequential(cbs(c, 64), cbs(64, 64), nn.Conv2d(64, 4 * self.reg, 1)) for c in w[2:])
    self.cls = nn.ModuleList(nn.Sequential(cbs(c, 80), cbs(80, 80), nn.Conv2d(80, nc, 1)) for c in w[2:])
    self.dfl = nn.Conv2d(self.reg, 1, 1, bias=False)
    self.dfl.weight.data[:] = torch.arange(self.reg, dtype=torch.float).view(1, self.reg, 1, 1)
    self.up = nn.Upsample(scale_factor=2, mode='nearest')

  def forward(self, x):
    p3 = self.c2(self.b2(self.c1(self.b1(self.b0(x)))))
    p4 = self.c3(self.b3(p3))
    p5 = self.sppf(self.c4(self.b4(p4)))
    h4 = self.n1(torch.cat((self.up(p5), p4), 1))
    h3 = self.n2(torch.cat((self.up(h4), p3), 1))
    h4 = self.n3(torch.cat((self.d1(h3), h4), 1))
    h5 = self.n4(torch.cat((self.d2(h4), p5), 1))
    feats = [h3, h4, h5]
    outs, anchors, strides = [], [], []
    for i, f in enumerate(feats):
      b, _, h, w = f.shape
      outs.append(torch.cat((self.box[i](f), self.cls[i](f)), 1).view(b, 4 * self.reg + self.nc, -1))
      sx = torch.arange(w, dtype=torch.float) + 0.5
      sy = torch.arange(h, dtype=torch.float) + 0.5
      yy, xx = torch.meshgrid(sy, sx, indexing='ij')
      anchors.append(torch.stack((xx, yy), -1).view(-1, 2))
      strides.append(torch.full((h * w, 1), 8.0 * 2**i))
    y = torch.cat(outs, 2)
    a = torch.cat(anchors).transpose(0, 1).unsqueeze(0)
    st = torch.cat(strides).transpose(0, 1)
    box, cls = y.split((4 * self.reg, self.nc), 1)
    b, _, n = box.shape
    d = self.dfl(box.view(b, 4, self.reg, n).transpose(2, 1).softmax(1)).view(b, 4, n)
    lt, rb = d.chunk(2, 1)
    x1y1, x2y2 = a - lt, a + rb
    xywh = torch.cat(((x1y1 + x2y2) / 2, x2y2 - x1y1), 1) * st
    return torch.cat((xywh, cls.sigmoid()), 1)


class Yolo5(nn.Module):
  # YOLOv5n-like: a stem, CSP stages, SPPF, a PAN neck and the grid decode (sigmoid, *2-0.5, anchor powers)
  def __init__(self, nc=20, w=(16, 32, 64, 128, 256)):
    super().__init__()
    self.stem = cbs(3, w[0], 6, 2)
    self.s = nn.ModuleList()
    for i in range(1, 5):
      self.s.append(nn.Sequential(cbs(w[i - 1], w[i], 3, 2), C2f(w[i], w[i])))
    self.sppf = SPPF(w[4], w[4])
    self.l1, self.c1 = cbs(w[4], w[3], 1), C2f(w[4], w[3], add=False)
    self.l2, self.c2 = cbs(w[3], w[2], 1), C2f(w[3], w[2], add=False)
    self.no, self.na = nc + 5, 3
    self.m = nn.ModuleList(nn.Conv2d(c, self.no * self.na, 1) for c in (w[2], w[3]))
    self.anchors = torch.tensor([[10.0, 13, 16, 30, 33, 23], [30.0, 61, 62, 45, 59, 119]]).view(2, 1, 3, 1, 1, 2)

  def forward(self, x):
    x = self.stem(x)
    x = self.s[0](x)
    p3 = self.s[1](x)
    p4 = self.s[2](p3)
    p5 = self.sppf(self.s[3](p4))
    h4 = self.c1(torch.cat((F.interpolate(self.l1(p5), scale_factor=2.0, mode='nearest'), p4), 1))
    h3 = self.c2(torch.cat((F.interpolate(self.l2(h4), scale_factor=2.0, mode='nearest'), p3), 1))
    z = []
    for i, f in enumerate((h3, h4)):
      y = self.m[i](f)
      bs, _, ny, nx = y.shape
      y = y.view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous().sigmoid()
      yv, xv = torch.meshgrid(torch.arange(ny), torch.arange(nx), indexing='ij')
      grid = torch.stack((xv, yv), 2).view(1, 1, ny, nx, 2).float()
      stride = 8.0 * 2**i
      xy = (y[..., 0:2] * 2 - 0.5 + grid) * stride
      wh = (y[..., 2:4] * 2) ** 2 * self.anchors[i]
      z.append(torch.cat((xy, wh, y[..., 4:]), -1).view(bs, -1, self.no))
    return torch.cat(z, 1)


class RSU(nn.Module):
  # U^2-Net's residual U-block: an encoder of max pools, a dilated bottom, a decoder of bilinear upsamplings
  def __init__(self, depth, ci, cm, co):
    super().__init__()
    act = lambda a, b, d=1: nn.Sequential(nn.Conv2d(a, b, 3, 1, d, dilation=d), nn.BatchNorm2d(b), nn.ReLU(True))
    self.inp = act(ci, co)
    self.enc = nn.ModuleList([act(co, cm)] + [act(cm, cm) for _ in range(depth - 2)])
    self.bottom = act(cm, cm, 2)
    self.dec = nn.ModuleList([act(cm * 2, cm) for _ in range(depth - 2)] + [act(cm * 2, co)])
    self.pool = nn.MaxPool2d(2, 2, ceil_mode=True)

  def forward(self, x):
    hx = self.inp(x)
    e, h = [], hx
    for i, m in enumerate(self.enc):
      h = m(h if i == 0 else self.pool(h))
      e.append(h)
    d = self.bottom(h)
    for i, m in enumerate(self.dec):
      skip = e[-1 - i]
      if d.shape[2:] != skip.shape[2:]:
        d = F.interpolate(d, size=skip.shape[2:], mode='bilinear', align_corners=False)
      d = m(torch.cat((d, skip), 1))
    return d + hx


class U2Netp(nn.Module):
  def __init__(self):
    super().__init__()
    self.e1, self.e2, self.e3 = RSU(5, 3, 16, 64), RSU(4, 64, 16, 64), RSU(3, 64, 16, 64)
    self.d2, self.d1 = RSU(4, 128, 16, 64), RSU(5, 128, 16, 64)
    self.pool = nn.MaxPool2d(2, 2, ceil_mode=True)
    self.side = nn.ModuleList(nn.Conv2d(64, 1, 3, padding=1) for _ in range(3))
    self.out = nn.Conv2d(3, 1, 1)

  def forward(self, x):
    h1 = self.e1(x)
    h2 = self.e2(self.pool(h1))
    h3 = self.e3(self.pool(h2))
    up = lambda t, r: F.interpolate(t, size=r.shape[2:], mode='bilinear', align_corners=False)
    g2 = self.d2(torch.cat((up(h3, h2), h2), 1))
    g1 = self.d1(torch.cat((up(g2, h1), h1), 1))
    s = [self.side[0](g1), up(self.side[1](g2), x), up(self.side[2](h3), x)]
    return torch.sigmoid(self.out(torch.cat(s, 1))), torch.sigmoid(s[0])


class Espcn(nn.Module):
  def __init__(self, r=3):
    super().__init__()
    self.f = nn.Sequential(nn.Conv2d(1, 64, 5, padding=2), nn.Tanh(), nn.Conv2d(64, 32, 3, padding=1), nn.Tanh(),
                           nn.Conv2d(32, r * r, 3, padding=1), nn.PixelShuffle(r))

  def forward(self, x):
    return self.f(x).clamp(0, 1)


class Rrdb(nn.Module):
  # Real-ESRGAN's compact SRVGG net (PReLU body, PixelShuffle x4, nearest-upsampled residual)
  def __init__(self, nf=32, nb=6):
    super().__init__()
    layers = [nn.Conv2d(3, nf, 3, padding=1), nn.PReLU(nf)]
    for _ in range(nb):
      layers += [nn.Conv2d(nf, nf, 3, padding=1), nn.PReLU(nf)]
    layers += [nn.Conv2d(nf, 3 * 16, 3, padding=1), nn.PixelShuffle(4)]
    self.body = nn.Sequential(*layers)

  def forward(self, x):
    return self.body(x) + F.interpolate(x, scale_factor=4, mode='nearest')


class IBNorm(nn.Module):
  def __init__(self, c):
    super().__init__()
    self.bn, self.inn = nn.BatchNorm2d(c // 2), nn.InstanceNorm2d(c - c // 2, affine=False)

  def forward(self, x):
    h = x.shape[1] // 2
    return torch.cat((self.bn(x[:, :h]), self.inn(x[:, h:])), 1)


class Modnet(nn.Module):
  # MODNet-like matting: a MobileNetV2-ish encoder, SE attention, IBNorm conv blocks, bilinear upsampling
  def __init__(self):
    super().__init__()
    self.enc = nn.ModuleList([cbs(3, 16, 3, 2, nn.ReLU6), cbs(16, 24, 3, 2, nn.ReLU6), cbs(24, 32, 3, 2, nn.ReLU6),
                              cbs(32, 96, 3, 2, nn.ReLU6)])
    self.se = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(96, 24, 1), nn.ReLU(), nn.Conv2d(24, 96, 1),
                            nn.Sigmoid())
    ib = lambda a, b, k=3: nn.Sequential(nn.Conv2d(a, b, k, padding=k // 2), IBNorm(b), nn.ReLU())
    self.lr = ib(96, 32, 5)
    self.hr = nn.Sequential(ib(32 + 24, 32), ib(32, 16))
    self.f = nn.Sequential(ib(16 + 3, 16), nn.Conv2d(16, 1, 1), nn.Sigmoid())

  def forward(self, x):
    e = []
    h = x
    for m in self.enc:
      h = m(h)
      e.append(h)
    h = h * self.se(h)
    lr = self.lr(F.interpolate(h, scale_factor=2, mode='bilinear', align_corners=False))
    hr = self.hr(torch.cat((F.interpolate(lr, scale_factor=2, mode='bilinear', align_corners=False), e[1]), 1))
    up = F.interpolate(hr, size=x.shape[2:], mode='bilinear', align_corners=False)
    return self.f(torch.cat((up, x), 1))


class Rfb(nn.Module):
  # Ultra-Light-Fast face detector (version-RFB-320)-like: depthwise separable backbone, an RFB block, per-scale
  # heads Reshape'd, Softmax over classes, boxes decoded from priors
  def __init__(self):
    super().__init__()
    dw = lambda a, b, s: nn.Sequential(nn.Conv2d(a, a, 3, s, 1, groups=a, bias=False), nn.BatchNorm2d(a), nn.ReLU(),
                                       nn.Conv2d(a, b, 1, bias=False), nn.BatchNorm2d(b), nn.ReLU())
    self.b1 = nn.Sequential(cbs(3, 16, 3, 2, nn.ReLU), dw(16, 32, 2), dw(32, 32, 1), dw(32, 64, 2), dw(64, 64, 1))
    self.rfb = nn.ModuleList([nn.Sequential(cbs(64, 16, 1, 1, nn.ReLU), nn.Conv2d(16, 16, 3, 1, d, dilation=d))
                              for d in (1, 2, 3)])
    self.rfbo = nn.Conv2d(48, 64, 1)
    self.b2 = nn.Sequential(dw(64, 128, 2), dw(128, 128, 1))
    self.b3 = nn.Sequential(dw(128, 256, 2))
    self.cls = nn.ModuleList(nn.Conv2d(c, 3 * 2, 3, padding=1) for c in (64, 128, 256))
    self.reg = nn.ModuleList(nn.Conv2d(c, 3 * 4, 3, padding=1) for c in (64, 128, 256))

  def forward(self, x):
    f1 = self.b1(x)
    f1 = F.relu(self.rfbo(torch.cat([m(f1) for m in self.rfb], 1)) + f1)
    f2 = self.b2(f1)
    f3 = self.b3(f2)
    cs, rs = [], []
    for i, f in enumerate((f1, f2, f3)):
      cs.append(self.cls[i](f).permute(0, 2, 3, 1).contiguous().view(1, -1, 2))
      rs.append(self.reg[i](f).permute(0, 2, 3, 1).contiguous().view(1, -1, 4))
    scores = F.softmax(torch.cat(cs, 1), dim=2)
    loc = torch.cat(rs, 1)
    n = loc.shape[1]
    priors = torch.linspace(0.05, 0.95, n * 4).view(1, n, 4)
    boxes = torch.cat((loc[..., :2] * 0.1 * priors[..., 2:] + priors[..., :2], torch.exp(loc[..., 2:] * 0.2) * priors[..., 2:]), 2)
    return scores, boxes


class FaceNet(nn.Module):
  # MobileFaceNet-like: PReLU depthwise-separable stages, a global depthwise 7x7, a linear embedding, L2 normalized
  def __init__(self):
    super().__init__()
    cbp = lambda a, b, k, s, g=1: nn.Sequential(nn.Conv2d(a, b, k, s, k // 2, groups=g, bias=False),
                                                 nn.BatchNorm2d(b), nn.PReLU(b))
    self.f = nn.Sequential(cbp(3, 32, 3, 2), cbp(32, 32, 3, 1, 32), cbp(32, 64, 1, 1), cbp(64, 64, 3, 2, 64),
                           cbp(64, 128, 1, 1), cbp(128, 128, 3, 2, 128), cbp(128, 128, 1, 1), cbp(128, 128, 3, 2, 128),
                           cbp(128, 256, 1, 1))
    self.gdc = nn.Sequential(nn.Conv2d(256, 256, 7, groups=256, bias=False), nn.BatchNorm2d(256))
    self.lin = nn.Sequential(nn.Conv2d(256, 128, 1, bias=False), nn.BatchNorm2d(128))

  def forward(self, x):
    return F.normalize(self.lin(self.gdc(self.f(x))).flatten(1))


class Pose(nn.Module):
  # SimpleBaseline-like keypoints: a ResNet-ish encoder, three ConvTranspose 4x4/2 upsamplings, heatmaps
  def __init__(self):
    super().__init__()
    self.enc = nn.Sequential(cbs(3, 32, 7, 2, nn.ReLU), nn.MaxPool2d(3, 2, 1), cbs(32, 64, 3, 2, nn.ReLU),
                             cbs(64, 128, 3, 2, nn.ReLU), cbs(128, 128, 3, 2, nn.ReLU))
    dec = []
    c = 128
    for _ in range(3):
      dec += [nn.ConvTranspose2d(c, 64, 4, 2, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU()]
      c = 64
    self.dec = nn.Sequential(*dec, nn.Conv2d(64, 17, 1))

  def forward(self, x):
    return self.dec(self.enc(x))


class Crnn(nn.Module):
  # an audio tagger: log-mel frames -> conv blocks -> bidirectional GRU -> LSTM -> per-frame classes
  def __init__(self, rnn='gru'):
    super().__init__()
    self.c = nn.Sequential(cbs(1, 16, 3, 1, nn.ReLU), nn.MaxPool2d((2, 1)), cbs(16, 32, 3, 1, nn.ReLU),
                           nn.MaxPool2d((2, 1)), cbs(32, 32, 3, 1, nn.ReLU), nn.MaxPool2d((2, 1)))
    self.gru = nn.GRU(32 * 8, 32, batch_first=True, bidirectional=True)
    self.lstm = nn.LSTM(64, 32, batch_first=True)
    self.fc = nn.Linear(32, 10)

  def forward(self, x):
    h = self.c(x)
    b, c, f, t = h.shape
    h = h.permute(0, 3, 1, 2).reshape(b, t, c * f)
    h, _ = self.gru(h)
    h, _ = self.lstm(h)
    return torch.sigmoid(self.fc(h))


specs = {
  'yolo8': (Yolo8, (1, 3, 320, 320)), 'yolo5': (Yolo5, (1, 3, 320, 320)), 'u2netp': (U2Netp, (1, 3, 160, 160)),
  'espcn': (Espcn, (1, 1, 96, 96)), 'srvgg': (Rrdb, (1, 3, 64, 64)), 'modnet': (Modnet, (1, 3, 256, 256)),
  'rfb': (Rfb, (1, 3, 240, 320)), 'facenet': (FaceNet, (1, 3, 112, 112)), 'pose': (Pose, (1, 3, 256, 192)),
  'crnn': (Crnn, (1, 1, 64, 100)),
}
# OPSET=n: another opset; DYN=1: the batch and spatial dims (the last, for the CRNN) symbolic, as many shipped models
# declare them
import os
opset = int(os.environ.get('OPSET', '13'))
dyn = os.environ.get('DYN') == '1'
out = sys.argv[1]
for name in sys.argv[2:]:
  make, shape = specs[name]
  m = make().eval()
  x = torch.randn(*shape)
  with torch.no_grad():
    for mod in m.modules():
      if isinstance(mod, nn.BatchNorm2d):
        mod.running_mean.uniform_(-0.2, 0.2)
        mod.running_var.uniform_(0.5, 2)
  try:
    axes = {'input': {0: 'batch', **({3: 'time'} if name == 'crnn' else {2: 'height', 3: 'width'})}} if dyn else None
    torch.onnx.export(m, x, f'{out}/{name}.onnx', opset_version=opset, input_names=['input'], dynamic_axes=axes)
    print(name, 'ok', 'input=' + 'x'.join(map(str, shape)))
  except Exception as e:
    print(name, 'EXPORT FAIL', str(e)[:300])
