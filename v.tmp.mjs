import sharp from 'sharp';
function scene(){
  let seed=7; const rnd=()=>((seed=(seed*1103515245+12345)%2147483648)/2147483648);
  const parts=[`<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb3d5"/><stop offset="1" stop-color="#f4d6a0"/></linearGradient>
  <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a7f72"/><stop offset="1" stop-color="#4a423a"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#sky)"/>`];
  let x=0; while(x<1600){ const w=80+rnd()*220, h=250+rnd()*450; const c=`hsl(${Math.round(rnd()*50)},${Math.round(15+rnd()*30)}%,${Math.round(35+rnd()*40)}%)`;
    parts.push(`<rect x="${x}" y="${700-h}" width="${w}" height="${h+10}" fill="${c}"/>`);
    for(let wy=700-h+20; wy<680; wy+=38) for(let wx=x+10; wx<x+w-20; wx+=30) if(rnd()<0.8) parts.push(`<rect x="${wx}" y="${wy}" width="16" height="22" fill="hsl(${200+Math.round(rnd()*30)},30%,${Math.round(20+rnd()*50)}%)"/>`);
    x+=w+rnd()*20; }
  parts.push(`<rect y="690" width="1600" height="210" fill="url(#road)"/>`);
  for(let i=0;i<14;i++){ const px=rnd()*1600, s=0.6+rnd()*0.9, c=`hsl(${Math.round(rnd()*360)},${Math.round(30+rnd()*50)}%,${Math.round(25+rnd()*45)}%)`;
    parts.push(`<g transform="translate(${px},${640+s*60}) scale(${s})"><circle cx="0" cy="-150" r="22" fill="#5a3a2a"/><rect x="-30" y="-125" width="60" height="110" rx="18" fill="${c}"/><rect x="-24" y="-20" width="20" height="90" fill="#2b2b35"/><rect x="4" y="-20" width="20" height="90" fill="#2b2b35"/></g>`); }
  parts.push(`<rect x="620" y="300" width="360" height="90" rx="8" fill="#f2c230"/><text x="800" y="362" font-family="sans-serif" font-size="52" font-weight="bold" text-anchor="middle" fill="#1d2a44">SCHOOL FEES</text>`);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">${parts.join('')}</svg>`);
}
const base = await sharp(scene()).png().toBuffer();
const grain = await sharp({create:{width:1600,height:900,channels:3,background:'#808080',noise:{type:'gaussian',mean:128,sigma:Number(process.argv[2]||12)}}}).png().toBuffer();
const photo = await sharp(base).composite([{input:grain, blend:'soft-light'}]).blur(Number(process.argv[3]||0.8)).jpeg({quality:85}).toBuffer();
await sharp(photo).resize({width:600}).png().toFile('/tmp/scene.png');
for (const w of [480,720]) {
  const r=()=>sharp(photo).resize({width:w});
  console.log(w,'webp80',((await r().webp({quality:80}).toBuffer()).length/1024).toFixed(1),'avif50',((await r().avif({quality:50,effort:2}).toBuffer()).length/1024).toFixed(1));
}
for (const f of ['/tmp/j5.jpg']) for (const w of [480,720]) { const r=()=>sharp(f).resize({width:w}); console.log('j5',w,'webp80',((await r().webp({quality:80}).toBuffer()).length/1024).toFixed(1),'avif50',((await r().avif({quality:50,effort:2}).toBuffer()).length/1024).toFixed(1)); }
