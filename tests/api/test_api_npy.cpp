// .npy and .npz files (issue 14): written by tdsl and read by NumPy and the
// other way round (Debian's python3-numpy, when installed), from the host
// and from scripts, zero-copy loading of .npy files.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef TDSL_PYTHON3
#define TDSL_PYTHON3 "/usr/bin/python3"
#endif

namespace {

// A fresh directory under /tmp, removed at the end of the test.
struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/tdsl_npy_XXXXXX";
    REQUIRE(::mkdtemp(tmpl) != nullptr);
    path = tmpl;
  }
  ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
  std::string operator/(const std::string& name) const { return path + "/" + name; }
};

bool haveNumpy() {
  static const bool have = std::system(TDSL_PYTHON3 " -c 'import numpy' >/dev/null 2>&1") == 0;
  return have;
}

// Runs python code with numpy; returns its stdout.
std::string python(const TempDir& dir, const std::string& code) {
  std::string script = dir / "script.py";
  std::ofstream(script) << "import numpy as np\nimport os\nos.chdir('" << dir.path << "')\n" << code;
  std::string out = dir / "out.txt";
  int rc = std::system((std::string(TDSL_PYTHON3 " '") + script + "' > '" + out + "' 2>&1").c_str());
  std::stringstream ss;
  ss << std::ifstream(out).rdbuf();
  INFO(ss.str());
  REQUIRE(rc == 0);
  return ss.str();
}

}  // namespace

TEST_CASE("npy: host save and load keep dtype, shape, order and values", "[api][npy]") {
  TempDir dir;
  tdsl::Interpreter interp;
  interp.exec(
      "import torch\n"
      "a = torch.arange(12, dtype=torch.float32).reshape(3, 4)\n"
      "b = a.t()\n"  // Fortran-contiguous: saved with fortran_order True
      "c = a[:, ::2]\n"  // neither: gathered
      "d = torch.tensor([True, False, True])\n"
      "e = torch.tensor(7, dtype=torch.int64)\n");
  for (const char* name : {"a", "b", "c", "d", "e"}) {
    INFO(name);
    interp.saveNpy(dir / (std::string(name) + ".npy"), interp.get<tdsl::Tensor>(name));
    tdsl::Tensor back = interp.loadNpy(dir / (std::string(name) + ".npy"));
    interp.set("back", back);
    CHECK(interp.eval(std::string("bool(torch.equal(back, ") + name + ")) and back.dtype == " + name + ".dtype").as<bool>());
  }
  // b came back in Fortran order, as it was saved.
  CHECK(interp.loadNpy(dir / "b.npy").strides() == std::vector<int64_t>{1, 4});
}

TEST_CASE("npy: a loaded file is mapped, not copied, and not counted as tensor memory", "[api][npy]") {
  TempDir dir;
  tdsl::Interpreter interp;
  interp.exec("import torch\nbig = torch.ones(1 << 20)\n");  // 4 MiB
  interp.saveNpy(dir / "big.npy", interp.get<tdsl::Tensor>("big"));
  interp.exec("big = None\n");
  tdsl::Limits limits;
  limits.maxTensorBytes = 1 << 20;  // 1 MiB: a copy would not fit
  interp.setLimits(limits);
  tdsl::Tensor t = interp.loadNpy(dir / "big.npy");
  CHECK(t.numel() == 1 << 20);
  CHECK(reinterpret_cast<uintptr_t>(t.data()) % 64 == 0);  // 64-byte aligned data, page-aligned map
  // Changes stay in memory (a private mapping); the file keeps its data.
  interp.set("t", t);
  interp.exec("t.mul_(3)\n");
  CHECK(interp.eval("t.sum().item()").as<double>() == 3.0 * (1 << 20));
  limits.maxTensorBytes = 0;
  interp.setLimits(limits);
  interp.set("u", interp.loadNpy(dir / "big.npy"));
  CHECK(interp.eval("u.sum().item()").as<double>() == double(1 << 20));
}

TEST_CASE("npy: malformed and unsupported files are ValueErrors", "[api][npy]") {
  TempDir dir;
  tdsl::Interpreter interp;
  std::ofstream(dir / "junk.npy") << "hello";
  CHECK_THROWS_WITH(interp.loadNpy(dir / "junk.npy"), Catch::Contains("not a .npy file"));
  try {
    interp.loadNpy(dir / "missing.npy");
    FAIL("no error");
  } catch (const tdsl::Error& e) {
    CHECK(e.message().find("FileNotFoundError: [Errno 2] No such file or directory") == 0);
  }
  // A header that claims more data than the file has.
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (100,), }";
  header.append(128 - 10 - header.size() - 1, ' ');
  header += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8) + char(header.size()) + '\0' + header + std::string(16, '\0');
  std::ofstream(dir / "short.npy", std::ios::binary) << bytes;
  CHECK_THROWS_WITH(interp.loadNpy(dir / "short.npy"), Catch::Contains("needs 800"));
  std::string big = "{'descr': '>f8', 'fortran_order': False, 'shape': (2,), }";
  big.append(128 - 10 - big.size() - 1, ' ');
  big += '\n';
  std::ofstream(dir / "be.npy", std::ios::binary) << std::string("\x93NUMPY\x01\x00", 8) + char(big.size()) + '\0' + big + std::string(16, '\0');
  CHECK_THROWS_WITH(interp.loadNpy(dir / "be.npy"), Catch::Contains("big-endian"));
  CHECK(interp.eval("1 + 1").as<int>() == 2);
}

TEST_CASE("npy/npz: files written by NumPy load in tdsl", "[api][npy]") {
  if (!haveNumpy()) {
    WARN("python3-numpy is not installed: NumPy interoperability not checked");
    return;
  }
  TempDir dir;
  python(dir,
         "np.save('f4.npy', np.arange(6, dtype=np.float32).reshape(2, 3))\n"
         "np.save('f8_fortran.npy', np.asfortranarray(np.arange(6, dtype=np.float64).reshape(2, 3)))\n"
         "np.save('i8.npy', np.array([-5, 1 << 40], dtype=np.int64))\n"
         "np.save('i4.npy', np.array([-7, 7], dtype=np.int32))\n"
         "np.save('b1.npy', np.array([True, False]))\n"
         "np.save('u1.npy', np.array([0, 200, 255], dtype=np.uint8))\n"
         "np.save('i2.npy', np.array([-300, 300], dtype=np.int16))\n"
         "np.save('scalar.npy', np.float64(2.5))\n"
         "np.save('empty.npy', np.zeros((0, 3), dtype=np.float32))\n"
         "np.lib.format.write_array(open('v2.npy', 'wb'), np.ones(3, dtype=np.float32), version=(2, 0))\n"
         "np.savez('plain.npz', np.arange(3, dtype=np.int64), w=np.eye(2, dtype=np.float32))\n"
         "np.savez_compressed('packed.npz', x=np.linspace(0, 1, 5))\n");
  tdsl::Interpreter interp;
  interp.setCapabilities(tdsl::Capabilities{{dir.path}, {}, {}});
  interp.set("d", dir.path);
  interp.exec(
      "import tdsl\n"
      "def show(name):\n"
      "    t = tdsl.load_npy(d + '/' + name)\n"
      "    return str(t.dtype) + ' ' + str(list(t.shape)) + ' ' + str(t.tolist())\n");
  CHECK(interp.call("show", "f4.npy").toString() == "torch.float32 [2, 3] [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]");
  CHECK(interp.call("show", "f8_fortran.npy").toString() == "torch.float64 [2, 3] [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]");
  CHECK(interp.call("show", "i8.npy").toString() == "torch.int64 [2] [-5, 1099511627776]");
  CHECK(interp.call("show", "i4.npy").toString() == "torch.int32 [2] [-7, 7]");
  CHECK(interp.call("show", "b1.npy").toString() == "torch.bool [2] [True, False]");
  CHECK(interp.call("show", "u1.npy").toString() == "torch.int32 [3] [0, 200, 255]");
  CHECK(interp.call("show", "i2.npy").toString() == "torch.int32 [2] [-300, 300]");
  CHECK(interp.call("show", "scalar.npy").toString() == "torch.float64 [] 2.5");
  CHECK(interp.call("show", "empty.npy").toString() == "torch.float32 [0, 3] []");
  CHECK(interp.call("show", "v2.npy").toString() == "torch.float32 [3] [1.0, 1.0, 1.0]");
  CHECK(interp.loadNpy(dir / "f8_fortran.npy").strides() == std::vector<int64_t>{1, 2});
  interp.exec(
      "p = tdsl.load_npz(d + '/plain.npz')\n"
      "q = tdsl.load_npz(d + '/packed.npz')\n");
  CHECK(interp.eval("sorted(p.keys())").repr() == "['arr_0', 'w']");
  CHECK(interp.eval("p['arr_0'].tolist()").repr() == "[0, 1, 2]");
  CHECK(interp.eval("p['w'].tolist()").repr() == "[[1.0, 0.0], [0.0, 1.0]]");
  CHECK(interp.eval("q['x'].tolist()").repr() == "[0.0, 0.25, 0.5, 0.75, 1.0]");
  auto members = interp.loadNpz(dir / "plain.npz");
  REQUIRE(members.size() == 2);
  CHECK(members[0].first == "w");  // np.savez writes the named arrays first
  CHECK(members[0].second.dtype() == tdsl::DType::Float32);
  CHECK(members[1].first == "arr_0");
}

TEST_CASE("npy/npz: files written by tdsl load in NumPy", "[api][npy]") {
  if (!haveNumpy()) {
    WARN("python3-numpy is not installed: NumPy interoperability not checked");
    return;
  }
  TempDir dir;
  tdsl::Interpreter interp;
  interp.setCapabilities(tdsl::Capabilities{{}, {dir.path}, {}});
  interp.set("d", dir.path);
  interp.exec(
      "import tdsl, torch\n"
      "a = torch.arange(6, dtype=torch.float64).reshape(2, 3)\n"
      "tdsl.save_npy(d + '/a.npy', a)\n"
      "tdsl.save_npy(d + '/at.npy', a.t())\n"
      "tdsl.save_npy(d + '/sliced.npy', a[:, 1:])\n"
      "tdsl.save_npy(file=d + '/b.npy', arr=torch.tensor([True, False]))\n"
      "tdsl.save_npy(d + '/i.npy', torch.tensor([1, -2], dtype=torch.int32))\n"
      "tdsl.save_npz(d + '/z.npz', a, label=torch.tensor([3, 4]))\n"
      "tdsl.save_npz_compressed(d + '/zc.npz', big=torch.zeros(1000))\n");
  std::string out = python(dir,
                           "for n in ['a', 'at', 'sliced', 'b', 'i']:\n"
                           "    x = np.load(n + '.npy')\n"
                           "    print(n, x.dtype, x.shape, x.flags['F_CONTIGUOUS'] and not x.flags['C_CONTIGUOUS'], x.tolist())\n"
                           "z = np.load('z.npz')\n"
                           "print(sorted(z.files), z['arr_0'].tolist(), z['label'].dtype, z['label'].tolist())\n"
                           "zc = np.load('zc.npz')\n"
                           "import zipfile\n"
                           "print(zc['big'].shape, zipfile.ZipFile('zc.npz').getinfo('big.npy').compress_type == zipfile.ZIP_DEFLATED)\n"
                           "with open('a.npy', 'rb') as f:\n"
                           "    print(np.lib.format.read_magic(f), f.tell())\n"
                           "    np.lib.format.read_array_header_1_0(f)\n"
                           "    print(f.tell() % 64)\n");
  CHECK(out ==
        "a float64 (2, 3) False [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]\n"
        "at float64 (3, 2) True [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]\n"
        "sliced float64 (2, 2) False [[1.0, 2.0], [4.0, 5.0]]\n"
        "b bool (2,) False [True, False]\n"
        "i int32 (2,) False [1, -2]\n"
        "['arr_0', 'label'] [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] int64 [3, 4]\n"
        "(1000,) True\n"
        "(1, 0) 8\n"
        "0\n");
}

TEST_CASE("npy from scripts needs a granted directory", "[api][npy][sandbox]") {
  TempDir dir;
  tdsl::Interpreter interp;
  interp.set("d", dir.path);
  interp.exec("import torch, tdsl\nx = torch.ones(3)\n");
  tdsl::Result r = interp.tryExec("tdsl.save_npy(d + '/x.npy', x)\n", "save.td");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message().find("PermissionError: [Errno 13] Permission denied") == 0);
  CHECK(r.error->line() == 1);
  CHECK(::access((dir / "x.npy").c_str(), F_OK) != 0);
  interp.saveNpy(dir / "x.npy", interp.get<tdsl::Tensor>("x"));  // the host may
  r = interp.tryExec("y = tdsl.load_npy(d + '/x.npy')\n", "load.td");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message().find("outside the directories this interpreter may read") != std::string::npos);
  // Read access alone does not allow writing.
  interp.setCapabilities(tdsl::Capabilities{{dir.path}, {}, {}});
  interp.exec("y = tdsl.load_npy(d + '/x.npy')\n");
  CHECK(interp.eval("y.sum().item()").as<double>() == 3.0);
  CHECK_FALSE(interp.tryExec("tdsl.save_npz(d + '/y.npz', y=y)\n").ok());
  CHECK_FALSE(interp.tryExec("tdsl.load_npy('/etc/passwd')\n").ok());
  CHECK_FALSE(interp.tryExec("tdsl.load_npy(d + '/../' + d.split('/')[-1] + '/../../etc/passwd')\n").ok());
}
