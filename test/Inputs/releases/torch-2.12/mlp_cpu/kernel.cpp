// Triton kernels are embedded as comments in /tmp/aoti-release-gen/torch-2.12/inductor/ccjbtcytmvaeujcc4lpdidec6z25peqcwa5bbznh25mtajgeru4m/caawqpsxfwjg6urqk6hdgzybwi2cyqemssjmbtswgyemt2rajcex.wrapper.cpp

#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  cpp_fused_relu_0(float* in_out_ptr0,
                       float* out_ptr0)
{
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(128L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(128L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = at::vec::clamp_min(tmp0, decltype(tmp0)(0));
                    tmp1.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(8L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(8L)))
                {
                    auto tmp0 = x0;
                    auto tmp1 = c10::convert<int64_t>(tmp0);
                    auto tmp2 = at::vec::VectorizedN<int64_t,2>::arange(tmp1, 1);
                    auto tmp3 = static_cast<int64_t>(4);
                    auto tmp4 = at::vec::VectorizedN<int64_t,2>(tmp3);
                    auto tmp5 = at::vec::VecMask<int64_t,2>(tmp2 < tmp4);
                    auto tmp6 = static_cast<int64_t>(2);
                    auto tmp7 = at::vec::VectorizedN<int64_t,2>(tmp6);
                    auto tmp8 = at::vec::VecMask<int64_t,2>(tmp2 < tmp7);
                    auto tmp9 = static_cast<int64_t>(1);
                    auto tmp10 = at::vec::VectorizedN<int64_t,2>(tmp9);
                    auto tmp11 = at::vec::VecMask<int64_t,2>(tmp2 < tmp10);
                    auto tmp12 = static_cast<float>(0.07864131778478622);
                    auto tmp13 = static_cast<float>(-0.07556086778640747);
                    auto tmp14 = at::vec::Vectorized<float>(tmp12);
                    auto tmp15 = at::vec::Vectorized<float>(tmp13);
                    auto tmp16 = decltype(tmp14)::blendv(tmp15, tmp14, tmp11.template cast<float,1>());
                    auto tmp17 = static_cast<int64_t>(3);
                    auto tmp18 = at::vec::VectorizedN<int64_t,2>(tmp17);
                    auto tmp19 = at::vec::VecMask<int64_t,2>(tmp2 < tmp18);
                    auto tmp20 = static_cast<float>(0.1409270316362381);
                    auto tmp21 = static_cast<float>(-0.12404070049524307);
                    auto tmp22 = at::vec::Vectorized<float>(tmp20);
                    auto tmp23 = at::vec::Vectorized<float>(tmp21);
                    auto tmp24 = decltype(tmp22)::blendv(tmp23, tmp22, tmp19.template cast<float,1>());
                    auto tmp25 = decltype(tmp16)::blendv(tmp24, tmp16, tmp8.template cast<float,1>());
                    auto tmp26 = static_cast<int64_t>(6);
                    auto tmp27 = at::vec::VectorizedN<int64_t,2>(tmp26);
                    auto tmp28 = at::vec::VecMask<int64_t,2>(tmp2 < tmp27);
                    auto tmp29 = static_cast<int64_t>(5);
                    auto tmp30 = at::vec::VectorizedN<int64_t,2>(tmp29);
                    auto tmp31 = at::vec::VecMask<int64_t,2>(tmp2 < tmp30);
                    auto tmp32 = static_cast<float>(0.0005024325801059604);
                    auto tmp33 = static_cast<float>(0.15890809893608093);
                    auto tmp34 = at::vec::Vectorized<float>(tmp32);
                    auto tmp35 = at::vec::Vectorized<float>(tmp33);
                    auto tmp36 = decltype(tmp34)::blendv(tmp35, tmp34, tmp31.template cast<float,1>());
                    auto tmp37 = static_cast<int64_t>(7);
                    auto tmp38 = at::vec::VectorizedN<int64_t,2>(tmp37);
                    auto tmp39 = at::vec::VecMask<int64_t,2>(tmp2 < tmp38);
                    auto tmp40 = static_cast<float>(0.17578411102294922);
                    auto tmp41 = static_cast<float>(-0.10240006446838379);
                    auto tmp42 = at::vec::Vectorized<float>(tmp40);
                    auto tmp43 = at::vec::Vectorized<float>(tmp41);
                    auto tmp44 = decltype(tmp42)::blendv(tmp43, tmp42, tmp39.template cast<float,1>());
                    auto tmp45 = decltype(tmp36)::blendv(tmp44, tmp36, tmp28.template cast<float,1>());
                    auto tmp46 = decltype(tmp25)::blendv(tmp45, tmp25, tmp5.template cast<float,1>());
                    tmp46.store(out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
}

// Compile cmd
// g++ /tmp/aoti-release-gen/torch-2.12/inductor/ccjbtcytmvaeujcc4lpdidec6z25peqcwa5bbznh25mtajgeru4m/cebysdwgffbehallncjf4dv4zianjvxtndwipfefha4p3ikvoalm.kernel.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D TORCH_INDUCTOR_PRECOMPILE_HEADERS -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++20 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/aoti-release-gen/torch-2.12/tmp/torchinductor_root/precompiled_headers/c7jbkhdpznep53khlr5h7quz67tmow3w4nhuld2g6dxzwbpqknhy.h -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -c -o /tmp/aoti-release-gen/torch-2.12/inductor/ccjbtcytmvaeujcc4lpdidec6z25peqcwa5bbznh25mtajgeru4m/cebysdwgffbehallncjf4dv4zianjvxtndwipfefha4p3ikvoalm.kernel.o
// Link cmd
// g++ /tmp/aoti-release-gen/torch-2.12/inductor/ccjbtcytmvaeujcc4lpdidec6z25peqcwa5bbznh25mtajgeru4m/caawqpsxfwjg6urqk6hdgzybwi2cyqemssjmbtswgyemt2rajcex.wrapper.o /tmp/aoti-release-gen/torch-2.12/inductor/ccjbtcytmvaeujcc4lpdidec6z25peqcwa5bbznh25mtajgeru4m/cebysdwgffbehallncjf4dv4zianjvxtndwipfefha4p3ikvoalm.kernel.o /tmp/aoti-release-gen/torch-2.12/inductor/ccjbtcytmvaeujcc4lpdidec6z25peqcwa5bbznh25mtajgeru4m/caawqpsxfwjg6urqk6hdgzybwi2cyqemssjmbtswgyemt2rajcex/cwybdm34aff2d7eyoq7k7lmrvydgxgse3dwxi4o4r4ut46foxw26.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D TORCH_INDUCTOR_PRECOMPILE_HEADERS -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++20 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -o /tmp/aoti-release-gen/torch-2.12/inductor/ccjbtcytmvaeujcc4lpdidec6z25peqcwa5bbznh25mtajgeru4m/caawqpsxfwjg6urqk6hdgzybwi2cyqemssjmbtswgyemt2rajcex.wrapper.so  -ltorch -ltorch_cpu -lgomp  -L/root/.pyenv/versions/3.11.7/lib -L/root/.cache/aoti-instrument/gen-venvs/torch-2.12/lib/python3.11/site-packages/torch/lib 
